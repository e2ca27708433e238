/**
 * Records survive restarts: a stored glossary and a key's monthly usage are still there after Redis
 * is killed and started again (run as the deploy files run it: append-only file, evicting only keys
 * with an expiry) and after Sema itself is restarted — and, without Redis, after Sema is restarted
 * on the same SQLite files. A Redis that would lose them is named in the log at start.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { redisRecordRisks } from '../src/lib/redis-records.ts';
import { buildTestApp, postJson } from './build-test-app.ts';
import { REDIS_SERVER, startRedis, type TestRedis } from '@sema/testkit/redis';
import { killAllSema } from '@sema/testkit/sema';
import { startServerProcess } from './server-process.ts';

const SQLITE3 = spawnSync('sqlite3', ['-version']).status === 0;
const KEY = 'survivor-key-0001';
const TEXT = 'Good morning, friend.';
const auth = { authorization: `Bearer ${KEY}` };

const folders: string[] = [];
const folder = () => {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-survives-'));
  folders.push(made);
  return made;
};
afterAll(() => folders.forEach((made) => fs.rmSync(made, { recursive: true, force: true })));

/** Creates a glossary and spends usage on the key; answers the glossary's id. */
async function writeRecords(app: App): Promise<string> {
  const created = await postJson(
    app,
    '/api/v1/glossaries',
    {
      name: 'Clinic',
      source_language: 'en',
      target_language: 'sw',
      entries: { clinic: 'zahanati' },
    },
    auth,
  );
  expect(created.statusCode).toBe(201);
  const translated = await postJson(
    app,
    '/api/v1/translate',
    { text: TEXT, source_language: 'en', target_language: 'fr' },
    auth,
  );
  expect(translated.statusCode).toBe(200);
  return created.json().id as string;
}

async function expectRecords(app: App, id: string): Promise<void> {
  if (app.redis.client) await expect.poll(() => app.redis.status().state, { timeout: 20_000 }).toBe('ready');
  const glossary = await app.inject({ method: 'GET', url: `/api/v1/glossaries/${id}`, headers: auth });
  expect(glossary.statusCode).toBe(200);
  expect(glossary.json()).toMatchObject({ name: 'Clinic', entries: { clinic: 'zahanati' } });
  const usage = await app.inject({
    method: 'GET',
    url: '/v2/usage',
    headers: { authorization: `DeepL-Auth-Key ${KEY}` },
  });
  expect(usage.json()).toEqual({ character_count: TEXT.length, character_limit: 1000 });
}

describe('without Redis: SQLite files', () => {
  let app: App | undefined;
  afterEach(async () => app?.close());

  it('keeps glossaries and key usage across a restart of Sema', async () => {
    const data = folder();
    const env = {
      SEMA_API_KEYS: `${KEY}:1000`,
      SEMA_GLOSSARY_DB: path.join(data, 'glossaries.sqlite'),
      SEMA_USAGE_DB: path.join(data, 'usage.sqlite'),
    };
    app = await buildTestApp(env);
    const id = await writeRecords(app);
    await app.close();
    expect(fs.existsSync(env.SEMA_USAGE_DB)).toBe(true);

    app = await buildTestApp(env);
    await expectRecords(app, id);
    // Still counting from where it was, and still refusing past the limit.
    const over = await postJson(
      app,
      '/api/v1/translate',
      { text: 'x'.repeat(1000 - TEXT.length + 1), source_language: 'en', target_language: 'fr' },
      auth,
    );
    expect(over.statusCode).toBe(429);
  }, 60_000);

  it.skipIf(!SQLITE3)(
    'restores from copies made with sqlite3 .backup while Sema runs, as docs/operations.md says',
    async () => {
      const data = folder();
      const files = { SEMA_GLOSSARY_DB: 'glossaries.sqlite', SEMA_USAGE_DB: 'usage.sqlite' };
      const at = (dir: string) =>
        Object.fromEntries(Object.entries(files).map(([name, file]) => [name, path.join(dir, file)]));
      app = await buildTestApp({ SEMA_API_KEYS: `${KEY}:1000`, ...at(data) });
      const id = await writeRecords(app);
      const backup = folder();
      for (const file of Object.values(files)) {
        const copy = spawnSync('sqlite3', [path.join(data, file), `.backup '${path.join(backup, file)}'`], {
          encoding: 'utf8',
        });
        expect(copy.status, copy.stderr).toBe(0);
      }
      await app.close();
      app = await buildTestApp({ SEMA_API_KEYS: `${KEY}:1000`, ...at(backup) });
      await expectRecords(app, id);
    },
    60_000,
  );

  it('creates no usage file while no key is configured', async () => {
    const data = folder();
    app = await buildTestApp({ SEMA_USAGE_DB: path.join(data, 'usage.sqlite') });
    const translated = await postJson(app, '/api/v1/translate', {
      text: TEXT,
      source_language: 'en',
      target_language: 'fr',
    });
    expect(translated.statusCode).toBe(200);
    expect(fs.readdirSync(data)).toEqual([]);
  }, 60_000);
});

describe.skipIf(!REDIS_SERVER)('with Redis run as deploy/ runs it', () => {
  let redis: TestRedis | undefined;
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    await redis?.stop();
  });

  /** A durable Redis, and an app that wrote glossaries and key usage to it and closed. */
  async function recordsOnDurableRedis() {
    redis = await startRedis({ durableIn: folder() });
    const env = { SEMA_API_KEYS: `${KEY}:1000`, REDIS_URL: redis.url };
    app = await buildTestApp(env);
    // Start-up waits 2 s for Redis; a loaded machine may take longer to connect (then writes get 503).
    const started = app;
    await expect.poll(() => started.redis.status().state, { timeout: 20_000 }).toBe('ready');
    const id = await writeRecords(app);
    await app.close();
    return { env, id, durable: redis };
  }

  it('keeps glossaries and key usage across a Redis crash and a restart of Sema', async () => {
    const { env, id, durable } = await recordsOnDurableRedis();

    // Killed, not shut down: only what the append-only file already holds comes back.
    await durable.stop();
    await durable.start();
    app = await buildTestApp(env);
    await expectRecords(app, id);
  }, 60_000);

  it('restores glossaries and key usage from a snapshot into a fresh Redis, as docs/operations.md says', async () => {
    const { env, id, durable } = await recordsOnDurableRedis();
    app = undefined;

    // redis-cli --rdb <file>: a snapshot, taken while Redis runs.
    const backup = path.join(folder(), 'sema-redis.rdb');
    const snapshot = spawnSync('redis-cli', ['-p', String(durable.port), '--rdb', backup], {
      encoding: 'utf8',
    });
    expect(snapshot.status, snapshot.stderr).toBe(0);
    await durable.stop();

    // A fresh Redis: the snapshot as dump.rdb with appendonly no, then CONFIG SET appendonly yes.
    const restored = folder();
    fs.copyFileSync(backup, path.join(restored, 'dump.rdb'));
    redis = await startRedis({ args: ['--dir', restored] });
    const client = new Redis(redis.url);
    await client.config('SET', 'appendonly', 'yes');
    await expect
      .poll(
        async () =>
          /aof_rewrite_in_progress:0/.test(await client.info('persistence')) &&
          /aof_enabled:1/.test(await client.info('persistence')),
      )
      .toBe(true);
    client.disconnect();
    await redis.stop();

    // From now on it runs with appendonly yes again, from the append-only file it wrote.
    redis = await startRedis({ durableIn: restored });
    app = await buildTestApp({ ...env, REDIS_URL: redis.url });
    await expectRecords(app, id);
  }, 60_000);

  it('names what would lose records in a Redis run as a plain cache, and nothing in a durable one', async () => {
    redis = await startRedis({ args: ['--maxmemory-policy', 'allkeys-lru'] });
    const plain = new Redis(redis.url);
    const risks = await redisRecordRisks(plain);
    plain.disconnect();
    expect(risks).toEqual([
      expect.stringMatching(/maxmemory-policy allkeys-lru.*volatile-lru/),
      expect.stringMatching(/writes nothing to disk.*appendonly yes/),
    ]);
    await redis.stop();

    redis = await startRedis({ durableIn: folder() });
    const durable = new Redis(redis.url);
    expect(await redisRecordRisks(durable)).toEqual([]);
    durable.disconnect();
  }, 30_000);

  it('says so in the log when the server starts on a Redis that would lose records', async () => {
    redis = await startRedis({ args: ['--maxmemory-policy', 'allkeys-lru'] });
    const server = await startServerProcess({ REDIS_URL: redis.url, SEMA_LOG_LEVEL: 'warn' });
    try {
      // Start-up may keep Redis's first answers past their timeout: the look is tried again 5 s on.
      await expect
        .poll(() => server.output(), { timeout: 20_000, interval: 100 })
        .toMatch(/maxmemory-policy allkeys-lru[\s\S]*writes nothing to disk/);
    } finally {
      await killAllSema();
    }
  }, 40_000);
});
