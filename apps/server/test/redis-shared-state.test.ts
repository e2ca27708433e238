import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StatusResponse } from '@sema/shared/api/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';
import { buildTestApp } from './build-test-app.ts';
import { REDIS_SERVER, type TestRedis } from '@sema/testkit/redis';
import { redisForSuite } from './redis-suite.ts';
import { waitFor } from '@sema/testkit/wait-for';

/**
 * Two (or three) app instances on one real Redis, as two server processes behind a load balancer
 * would be: they share the translation cache and the rate-limit budget, and carry on alone while
 * Redis is away.
 */
const apps: App[] = [];
let nextDb = 1;

/** An app on its own database of `redis`, so tests do not see each other's entries. */
async function appOn(url: string, env: Record<string, string> = {}): Promise<App> {
  const app = await buildTestApp({ REDIS_URL: url, ...env });
  apps.push(app);
  return app;
}

function freshDb(redis: TestRedis): string {
  return `redis://127.0.0.1:${redis.port}/${nextDb++}`;
}

function translate(app: App, text: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/translate',
    payload: { text, source_language: 'eng_Latn', target_language: 'swh_Latn' },
  });
}

/** A counter's value (or a histogram's count) from the app's /metrics. */
async function metric(app: App, name: string): Promise<number> {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  let total = 0;
  for (const match of text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, 'gm'))) {
    total += Number(match[1]);
  }
  return total;
}

async function redisStatus(app: App): Promise<StatusResponse['redis']> {
  return (await app.inject({ method: 'GET', url: '/status' })).json<StatusResponse>().redis;
}

/** The fire-and-forget write of a translation reaches Redis a moment after the answer. */
async function storedInRedis(app: App, count: number): Promise<void> {
  await waitFor(async () => (await app.redis.client!.dbsize()) >= count, { what: `${count} keys in Redis` });
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe.skipIf(!REDIS_SERVER)('REDIS_URL: state shared by server processes', () => {
  const redis = redisForSuite();
  let otherModel: string;
  beforeAll(async () => {
    // The same weights in another folder: another model id, as a different model would have.
    otherModel = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-other-model-'));
    fs.cpSync(TINY_NLLB, otherModel, { recursive: true });
  });
  afterAll(() => {
    fs.rmSync(otherModel, { recursive: true, force: true });
  });

  it('serves a sentence translated by one instance from the shared cache on the other, without its engine', async () => {
    const db = freshDb(redis);
    const a = await appOn(db);
    const b = await appOn(db);
    expect(await redisStatus(a)).toEqual({ state: 'ready' });

    const text = 'The river is wide today. The boats are late.';
    const first = await translate(a, text);
    expect(first.statusCode).toBe(200);
    expect(await metric(a, 'sema_translation_batch_sentences_sum')).toBe(2);
    await storedInRedis(a, 2);

    const second = await translate(b, text);
    expect(second.statusCode).toBe(200);
    expect(second.json().translated_text).toBe(first.json().translated_text);
    expect(await metric(b, 'sema_translation_shared_cache_hits_total')).toBe(2);
    expect(await metric(b, 'sema_translation_batch_sentences_count')).toBe(0);

    // Now in b's own cache too: no second round trip to Redis.
    await translate(b, text);
    expect(await metric(b, 'sema_translation_cache_hits_total')).toBe(2);
    expect(await metric(b, 'sema_translation_shared_cache_hits_total')).toBe(2);
  });

  it('never gives one model the translations of another', async () => {
    const db = freshDb(redis);
    const a = await appOn(db);
    const other = await appOn(db, { SEMA_NLLB_MODEL: otherModel });
    const text = 'Each model keeps its own answers.';
    expect((await translate(a, text)).statusCode).toBe(200);
    await storedInRedis(a, 1);

    expect((await translate(other, text)).statusCode).toBe(200);
    expect(await metric(other, 'sema_translation_shared_cache_hits_total')).toBe(0);
    expect(await metric(other, 'sema_translation_shared_cache_misses_total')).toBe(1);
    expect(await metric(other, 'sema_translation_batch_sentences_sum')).toBe(1);
    await storedInRedis(a, 2);
  });

  it('shares one per-IP rate-limit budget between instances', async () => {
    const db = freshDb(redis);
    const a = await appOn(db, { SEMA_RATE_LIMIT: '3/minute' });
    const b = await appOn(db, { SEMA_RATE_LIMIT: '3/minute' });
    const get = (app: App) => app.inject({ method: 'GET', url: '/api/v1/languages/popular' });
    const codes = [];
    for (const app of [a, a, b]) codes.push((await get(app)).statusCode);
    const fourth = await get(b);
    expect([...codes, fourth.statusCode]).toEqual([200, 200, 200, 429]);
    expect(fourth.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringMatching(/^Rate limit exceeded: 3\/minute per IP address\. Try again in \d+ s\.$/),
    });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(a)).statusCode).toBe(429);
  });

  it('reports the state as off without REDIS_URL', async () => {
    const app = await buildTestApp();
    apps.push(app);
    expect(await redisStatus(app)).toMatchObject({
      state: 'off',
      detail: expect.stringContaining('REDIS_URL'),
    });
  });
});

describe.skipIf(!REDIS_SERVER)('REDIS_URL while Redis goes away and comes back', () => {
  const redis = redisForSuite();

  it('translates without Redis, counts the rate limit per process meanwhile, says so on /status, and uses Redis again once it is back', async () => {
    const env = { SEMA_RATE_LIMIT: '3/minute' };
    const a = await appOn(redis.url, env);
    const b = await appOn(redis.url, env);

    await redis.stop();
    await waitFor(async () => (await redisStatus(a))?.state === 'unavailable', {
      what: 'a to report Redis unavailable',
    });
    expect(await redisStatus(a)).toEqual({
      state: 'unavailable',
      detail: expect.stringMatching(
        /^(connection refused|connection lost); retrying, meanwhile translations are cached and the rate limit counted per process$/,
      ),
    });

    // Translation works on its own engine: 5 requests, past the shared budget of 3, but within each
    // process's own (a gets 3, b gets 2).
    const text = 'Nobody remembers this sentence yet.';
    for (let i = 0; i < 5; i++) {
      const response = await translate(i % 2 ? b : a, `${text} Number ${i}.`);
      expect(response.statusCode).toBe(200);
    }
    expect(await metric(a, 'sema_translation_shared_cache_errors_total')).toBeGreaterThan(0);
    // The limit still holds, per process: a's fourth request is refused.
    expect((await a.inject({ method: 'GET', url: '/api/v1/languages/popular' })).statusCode).toBe(429);
    expect((await b.inject({ method: 'GET', url: '/api/v1/languages/popular' })).statusCode).toBe(200);

    await redis.start();
    await waitFor(async () => (await redisStatus(a))?.state === 'ready', {
      what: 'a to report Redis ready again',
    });
    await waitFor(async () => (await redisStatus(b))?.state === 'ready', {
      what: 'b to report Redis ready again',
    });

    // The shared cache works again: what a translates now, b gets from Redis.
    const again = 'A sentence for after the outage.';
    expect((await translate(a, again)).statusCode).toBe(200);
    await storedInRedis(a, 1);
    const hitsBefore = await metric(b, 'sema_translation_shared_cache_hits_total');
    expect((await translate(b, again)).statusCode).toBe(200);
    expect(await metric(b, 'sema_translation_shared_cache_hits_total')).toBe(hitsBefore + 1);

    // And the shared budget is counted again (the restarted Redis is empty: a spent 1 of 3 above).
    const codes = [];
    for (const app of [b, a, b]) {
      codes.push((await app.inject({ method: 'GET', url: '/api/v1/languages/popular' })).statusCode);
    }
    expect(codes).toEqual([200, 429, 429]);
  });
});
