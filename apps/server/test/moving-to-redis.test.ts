/**
 * An operator who adds Redis to a server that kept its records in SQLite: the same keys then count
 * from 0 and the glossaries seem gone, since the server reads Redis now. It must say so at start,
 * naming the files and what they hold. And a Redis run as Debian's package runs it (snapshots only,
 * appendonly no) is named as one that loses recent records, not only a Redis with no persistence.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { REDIS_SERVER, startRedis, type TestRedis } from '@sema/testkit/redis';
import { killAllSema } from '@sema/testkit/sema';
import { redisRecordRisks } from '../src/lib/redis-records.ts';
import { buildTestApp, postJson } from './build-test-app.ts';
import { startServerProcess } from './server-process.ts';

const KEY = 'moving-key-0001';
const folders: string[] = [];
afterAll(() => folders.forEach((made) => fs.rmSync(made, { recursive: true, force: true })));

let redis: TestRedis | undefined;
afterEach(async () => {
  await killAllSema();
  await redis?.stop();
  redis = undefined;
});

describe.skipIf(!REDIS_SERVER)('adding Redis to a server that kept its records in SQLite', () => {
  it('says at start which SQLite files still hold records it no longer reads', async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-moving-'));
    folders.push(data);
    const files = {
      SEMA_GLOSSARY_DB: path.join(data, 'glossaries.sqlite'),
      SEMA_USAGE_DB: path.join(data, 'usage.sqlite'),
    };
    const before = await buildTestApp({ SEMA_API_KEYS: KEY, ...files });
    for (const name of ['Clinic', 'School']) {
      const created = await postJson(
        before,
        '/api/v1/glossaries',
        { name, source_language: 'en', target_language: 'sw', entries: { clinic: 'zahanati' } },
        { authorization: `Bearer ${KEY}` },
      );
      expect(created.statusCode).toBe(201);
    }
    const translated = await postJson(
      before,
      '/api/v1/translate',
      { text: 'Good morning.', source_language: 'en', target_language: 'fr' },
      { authorization: `Bearer ${KEY}` },
    );
    expect(translated.statusCode).toBe(200);
    await before.close();

    redis = await startRedis();
    const server = await startServerProcess({
      SEMA_API_KEYS: KEY,
      REDIS_URL: redis.url,
      SEMA_SESSION_SECRET: 'a'.repeat(40),
      SEMA_LOG_LEVEL: 'warn',
      ...files,
    });
    await expect
      .poll(() => server.output(), { timeout: 20_000, interval: 100 })
      .toContain(
        `${files.SEMA_GLOSSARY_DB} (SEMA_GLOSSARY_DB) still holds 2 stored glossaries, which this server no longer reads now that REDIS_URL is set (nothing is copied into Redis)`,
      );
    expect(server.output()).toContain(
      `${files.SEMA_USAGE_DB} (SEMA_USAGE_DB) still holds this month's usage of 1 API key (in Redis they count from 0 again)`,
    );
  }, 90_000);

  it('says nothing of SQLite files that hold no records', async () => {
    redis = await startRedis();
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-moving-'));
    folders.push(data);
    const server = await startServerProcess({
      REDIS_URL: redis.url,
      SEMA_SESSION_SECRET: 'a'.repeat(40),
      SEMA_LOG_LEVEL: 'info',
      SEMA_GLOSSARY_DB: path.join(data, 'glossaries.sqlite'),
      SEMA_USAGE_DB: path.join(data, 'usage.sqlite'),
    });
    // The line the server logs once it listens, after the start-up hooks have run.
    await expect.poll(() => server.output(), { timeout: 20_000, interval: 100 }).toMatch(/listening/i);
    expect(server.output()).not.toContain('still holds');
  }, 60_000);
});

describe.skipIf(!REDIS_SERVER)('a Redis run as Debian packages it', () => {
  it('is named as one that loses the records written since its last snapshot', async () => {
    redis = await startRedis();
    const client = new Redis(redis.url);
    try {
      // Debian's /etc/redis/redis.conf: snapshots at these points, no append-only file.
      await client.config('SET', 'save', '3600 1 300 100 60 10000');
      await client.config('SET', 'appendonly', 'no');
      expect(await redisRecordRisks(client)).toEqual([
        expect.stringMatching(
          /^Redis keeps records only in snapshots \(appendonly no, save 3600 1 300 100 60 10000\): a crash, a kill or a power cut loses the glossaries and API-key usage written since the last snapshot .* run it with appendonly yes \(Debian's redis-server: appendonly yes in \/etc\/redis\/redis\.conf/,
        ),
      ]);
    } finally {
      client.disconnect();
    }
  });
});
