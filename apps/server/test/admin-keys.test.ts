/**
 * Keys managed like a service: the operator makes, limits and revokes API keys while the server
 * runs and reads each key's usage, through the admin routes (SEMA_ADMIN_TOKEN) and `npm run keys`;
 * a second process on the same Redis sees each change within seconds, with no restart.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER } from '@sema/testkit/redis';
import type { App } from '../src/app.ts';
import { MANAGED_KEY_CACHE_MS } from '../src/lib/api-keys.ts';
import { buildTestApp, listenOn } from './build-test-app.ts';
import { redisForSuite } from './redis-suite.ts';

const ADMIN = 'operator-token-for-keys-0000000001';
const admin = { authorization: `Bearer ${ADMIN}` };
const translate = (app: App, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/translate',
    headers: key ? { 'x-api-key': key } : {},
    payload: {
      text: "L'école « Sema » & <b>#1</b>",
      source_language: 'fra_Latn',
      target_language: 'eng_Latn',
    },
  });

describe('managing keys on a running server (SQLite)', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ SEMA_ADMIN_TOKEN: ADMIN });
  }, 60_000);
  afterAll(() => app?.close());

  it('turns keys on with the first key made, counts and limits it, and refuses it once revoked', async () => {
    expect((await translate(app)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/admin/keys', payload: { name: 'x' } })).statusCode,
    ).toBe(401);

    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/keys',
      headers: admin,
      payload: { name: 'team-a', monthly_chars: 1000 },
    });
    expect(made.statusCode).toBe(201);
    const { key, id } = made.json();
    expect(key).toMatch(/^sema_[\w-]{43}$/);
    expect(made.json()).toMatchObject({
      name: 'team-a',
      source: 'managed',
      monthly_chars: 1000,
      used_this_month: 0,
    });

    // Keys are on now: no key, no work.
    expect((await translate(app)).statusCode).toBe(401);
    const status = (await app.inject({ url: '/api/v1/status' })).json();
    expect(status.api_key_required).toBe(true);
    const used = await translate(app, key);
    expect(used.statusCode).toBe(200);

    const listed = (await app.inject({ url: '/api/v1/admin/keys', headers: admin })).json().keys;
    expect(listed).toEqual([
      expect.objectContaining({ id, used_this_month: "L'école « Sema » & <b>#1</b>".length }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(key);

    const limited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/keys/${id}`,
      headers: admin,
      payload: { monthly_chars: 30 },
    });
    expect(limited.json().monthly_chars).toBe(30);
    const over = await translate(app, key);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('QUOTA_EXCEEDED');

    const revoked = await app.inject({ method: 'DELETE', url: `/api/v1/admin/keys/${id}`, headers: admin });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).toEqual(expect.any(String));
    // Refused at once; revoking the last key does not open the server.
    expect((await translate(app, key)).statusCode).toBe(403);
    expect((await translate(app)).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/v1/admin/keys/nope', headers: admin })).statusCode,
    ).toBe(404);
  });
});

describe('managing keys beside configured ones', () => {
  it('lists configured keys read-only and revokes a managed key at once', async () => {
    const app = await buildTestApp({ SEMA_ADMIN_TOKEN: ADMIN, SEMA_API_KEYS: 'configured-key-01:5k' });
    try {
      const made = (
        await app.inject({
          method: 'POST',
          url: '/api/v1/admin/keys',
          headers: admin,
          payload: { name: 'b' },
        })
      ).json();
      expect((await translate(app, made.key)).statusCode).toBe(200);
      const keys = (await app.inject({ url: '/api/v1/admin/keys', headers: admin })).json().keys;
      expect(keys[0]).toMatchObject({ source: 'configuration', monthly_chars: 5000, name: null });
      const change = await app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/keys/${keys[0].id}`,
        headers: admin,
        payload: { monthly_chars: 1 },
      });
      expect(change.statusCode).toBe(409);
      expect(change.json().detail).toMatch(/SEMA_API_KEYS/);
      await app.inject({ method: 'DELETE', url: `/api/v1/admin/keys/${made.id}`, headers: admin });
      const refused = await translate(app, made.key);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('INVALID_API_KEY');
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!REDIS_SERVER)('managing keys across processes on one Redis, and with npm run keys', () => {
  const redis = redisForSuite();
  const apps: App[] = [];
  let base = '';
  beforeAll(async () => {
    for (let i = 0; i < 2; i++)
      apps.push(await buildTestApp({ SEMA_ADMIN_TOKEN: ADMIN, REDIS_URL: redis.url }));
    ({ base } = await listenOn(apps[0]!));
  }, 60_000);
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('a key made with the command on one process works on the other; revoked, it stops there too', async () => {
    const [a, b] = apps as [App, App];
    const run = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.resolve('apps/server/scripts/keys.ts'), ...args],
        {
          env: { ...process.env, SEMA_URL: base, SEMA_ADMIN_TOKEN: ADMIN },
        },
      );
    const made = await run('create', 'team-b', '--limit', '500k');
    const key = /key: (sema_\S+)/.exec(made.stdout)?.[1];
    expect(key, made.stdout).toBeDefined();
    await expect
      .poll(async () => (await translate(b, key)).statusCode, { timeout: 3 * MANAGED_KEY_CACHE_MS })
      .toBe(200);
    const id = (await a.inject({ url: '/api/v1/admin/keys', headers: admin })).json().keys[0].id;
    const listed = await run('list');
    expect(listed.stdout).toMatch(new RegExp(`${id}\\s+team-b\\s+managed\\s+\\d+ of 500000`));
    await run('revoke', id);
    await expect
      .poll(async () => (await translate(b, key)).statusCode, { timeout: 3 * MANAGED_KEY_CACHE_MS })
      .not.toBe(200);
  }, 60_000);

  it('while Redis is away: a key read before still works, an unread one and the admin routes get 503', async () => {
    const [a, b] = apps as [App, App];
    const make = async (name: string) =>
      (
        await a.inject({ method: 'POST', url: '/api/v1/admin/keys', headers: admin, payload: { name } })
      ).json().key as string;
    const seen = await make('seen-before');
    const unseen = await make('never-read-on-b');
    expect((await translate(b, seen)).statusCode).toBe(200);
    // Past the time a read is trusted, so that b asks the store again.
    await new Promise((resolve) => setTimeout(resolve, MANAGED_KEY_CACHE_MS + 200));
    await redis.stop();
    try {
      expect((await translate(b, seen)).statusCode).toBe(200);
      const unknown = await translate(b, unseen);
      expect(unknown.statusCode).toBe(503);
      expect(unknown.headers['retry-after']).toBe('5');
      expect(unknown.json()).toEqual({
        code: 'KEYS_UNAVAILABLE',
        detail: 'API keys cannot be checked right now; try again shortly',
      });
      const listing = await a.inject({ url: '/api/v1/admin/keys', headers: admin });
      expect(listing.statusCode).toBe(503);
      expect(listing.json().code).toBe('KEYS_UNAVAILABLE');
    } finally {
      await redis.start();
    }
    await expect.poll(async () => (await translate(b, unseen)).statusCode, { timeout: 15_000 }).toBe(200);
  }, 60_000);
});
