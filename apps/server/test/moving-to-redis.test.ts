/**
 * An operator who adds Redis to a server that kept its records in SQLite: the same keys then count
 * from 0 and the glossaries seem gone, since the server reads Redis now. It must say so at start,
 * naming the files and what they hold. And a Redis run as Debian's package runs it (snapshots only,
 * appendonly no) is named as one that loses recent records, not only a Redis with no persistence.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { REDIS_SERVER, startRedis, type TestRedis } from '@sema/testkit/redis';
import { killAllSema } from '@sema/testkit/sema';
import { migratedFiles } from '../src/storage/move-to-redis.ts';
import { recordsLeftBehind } from '../src/storage/records-left-behind.ts';
import { redisRecordRisks } from '../src/lib/redis-records.ts';
import type { App } from '../src/app.ts';
import { buildTestApp, postJson } from './build-test-app.ts';
import { startServerProcess } from './server-process.ts';

const KEY = 'moving-key-0001';
const here = path.dirname(fileURLToPath(import.meta.url));
const folders: string[] = [];
afterAll(() => folders.forEach((made) => fs.rmSync(made, { recursive: true, force: true })));

/** SQLite files in a fresh folder (removed after the tests), as a server keeps its records. */
function sqliteFiles(prefix: string) {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(data);
  return {
    SEMA_GLOSSARY_DB: path.join(data, 'glossaries.sqlite'),
    SEMA_USAGE_DB: path.join(data, 'usage.sqlite'),
  };
}

/** Records for KEY on `app`: a glossary per name, and a month's usage from one translation. */
async function keepRecords(app: App, glossaries: readonly string[]) {
  for (const name of glossaries) {
    const created = await postJson(
      app,
      '/api/v1/glossaries',
      { name, source_language: 'en', target_language: 'sw', entries: { clinic: 'zahanati' } },
      { authorization: `Bearer ${KEY}` },
    );
    expect(created.statusCode).toBe(201);
  }
  const translated = await postJson(
    app,
    '/api/v1/translate',
    { text: 'Good morning.', source_language: 'en', target_language: 'fr' },
    { authorization: `Bearer ${KEY}` },
  );
  expect(translated.statusCode).toBe(200);
}

let redis: TestRedis | undefined;
afterEach(async () => {
  await killAllSema();
  await redis?.stop();
  redis = undefined;
});

describe.skipIf(!REDIS_SERVER)('adding Redis to a server that kept its records in SQLite', () => {
  it('says at start which SQLite files still hold records it no longer reads', async () => {
    const files = sqliteFiles('sema-moving-');
    const before = await buildTestApp({ SEMA_API_KEYS: KEY, ...files });
    await keepRecords(before, ['Clinic', 'School']);
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
    const server = await startServerProcess({
      REDIS_URL: redis.url,
      SEMA_SESSION_SECRET: 'a'.repeat(40),
      SEMA_LOG_LEVEL: 'info',
      ...sqliteFiles('sema-moving-'),
    });
    // The line the server logs once it listens, after the start-up hooks have run.
    await expect.poll(() => server.output(), { timeout: 20_000, interval: 100 }).toMatch(/listening/i);
    expect(server.output()).not.toContain('still holds');
  }, 60_000);
});

describe.skipIf(!REDIS_SERVER)('npm run data -- migrate', () => {
  const ADMIN = 'operator-token-for-moving-000000001';
  const admin = { authorization: `Bearer ${ADMIN}` };
  const migrate = async (env: Record<string, string>) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(here, '../scripts/data.ts'), 'migrate'],
      { env: { ...process.env, ...env } },
    );
    return stdout;
  };

  it('copies glossaries with their owners, managed keys and usage into Redis, once however often it runs', async () => {
    const files = sqliteFiles('sema-migrate-');
    const env = { SEMA_API_KEYS: KEY, SEMA_ADMIN_TOKEN: ADMIN, ...files };
    const before = await buildTestApp(env);
    await keepRecords(before, ['Clinic']);
    const managed = await postJson(
      before,
      '/api/v1/admin/keys',
      { name: 'team-b', monthly_chars: 5000 },
      admin,
    );
    expect(managed.statusCode).toBe(201);
    const keysBefore = (await before.inject({ url: '/api/v1/admin/keys', headers: admin })).json() as {
      keys: { id: string; name: string | null; used_this_month: number }[];
    };
    await before.close();

    redis = await startRedis();
    const first = await migrate({ ...files, REDIS_URL: redis.url });
    expect(first).toContain(`Glossaries (${files.SEMA_GLOSSARY_DB}): 1 copied, 0 already in Redis`);
    expect(first).toContain(`Managed API keys (${files.SEMA_USAGE_DB}): 1 copied, 0 already in Redis`);
    expect(first).toMatch(/Usage \(.*\): 1 count of API keys and web sessions, \d+ characters added/);
    const again = await migrate({ ...files, REDIS_URL: redis.url });
    expect(again).toContain('1 already in Redis');
    expect(again).toContain('0 counts of API keys and web sessions, 0 characters added');

    const after = await buildTestApp({ ...env, REDIS_URL: redis.url, SEMA_SESSION_SECRET: 'a'.repeat(40) });
    try {
      const listed = (
        await after.inject({ url: '/api/v1/glossaries', headers: { authorization: `Bearer ${KEY}` } })
      ).json() as { glossaries: { name: string }[] };
      expect(listed.glossaries.map((glossary) => glossary.name)).toEqual(['Clinic']);
      // Still the key's own: the managed key, copied too, works and does not see it.
      const teamB = (managed.json() as { key: string }).key;
      const seenByB = await after.inject({
        url: '/api/v1/glossaries',
        headers: { authorization: `Bearer ${teamB}` },
      });
      expect(seenByB.statusCode).toBe(200);
      expect((seenByB.json() as { glossaries: unknown[] }).glossaries).toEqual([]);
      const keysAfter = (await after.inject({ url: '/api/v1/admin/keys', headers: admin })).json() as {
        keys: { id: string; name: string | null; used_this_month: number }[];
      };
      expect(keysAfter.keys).toEqual(keysBefore.keys);
      expect(keysAfter.keys.some((key) => key.used_this_month > 0)).toBe(true);
      // Nothing left behind to warn about at start.
      const client = new Redis(redis.url);
      try {
        const migrated = await migratedFiles(client, [files.SEMA_GLOSSARY_DB, files.SEMA_USAGE_DB]);
        expect(
          recordsLeftBehind(
            { glossaries: files.SEMA_GLOSSARY_DB, usage: files.SEMA_USAGE_DB },
            new Date(),
            migrated,
          ),
        ).toEqual([]);
      } finally {
        client.disconnect();
      }
    } finally {
      await after.close();
    }
  }, 120_000);
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
