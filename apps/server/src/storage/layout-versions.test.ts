/**
 * Records written by an older Sema are upgraded in place at first use, in SQLite and in Redis, and
 * records written by a newer one are refused with a sentence saying so; the move to Redis reads an
 * old file through the same stores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER } from '@sema/testkit/redis';
import { RedisGlossaryStore } from '../glossaries/redis-store.ts';
import { SqliteGlossaryStore } from '../glossaries/sqlite-store.ts';
import { redisForSuite } from '../../test/redis-suite.ts';
import { managedKeyStore } from '../lib/managed-keys.ts';
import { migrateToRedis } from './move-to-redis.ts';
import { NewerSchemaError, redisVersion, sqliteVersion } from '../lib/store-schema.ts';
import { SqliteUsage } from '../lib/usage-stores.ts';
import { UsageCounter } from '../lib/api-keys.ts';
import { buildTestApp } from '../../test/build-test-app.ts';

const ID = '0b6f7f8e-58b4-4a43-9b8e-7d1c3f1e2a90';
let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-schema-'));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A glossary file as Sema kept it before glossaries had owners, groups or a recorded version. */
function oldGlossaryFile(name: string): string {
  const file = path.join(folder, name);
  const db = new Database(file);
  db.exec(`CREATE TABLE glossaries (id TEXT PRIMARY KEY, name TEXT NOT NULL, source TEXT NOT NULL,
    target TEXT NOT NULL, entry_count INTEGER NOT NULL, created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL, entries TEXT NOT NULL)`);
  db.prepare('INSERT INTO glossaries VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    ID,
    'Clinic « terms » & <co>',
    'eng_Latn',
    'swh_Latn',
    1,
    '2025-01-02T03:04:05.000Z',
    '2025-01-02T03:04:05.000Z',
    JSON.stringify([{ source: 'clinic', target: 'zahanati' }]),
  );
  db.close();
  return file;
}

const versionIn = (file: string, store: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return sqliteVersion(db, store);
  } finally {
    db.close();
  }
};

describe('SQLite stores and their layout versions', () => {
  it('upgrades a glossary file of an older Sema in place: its glossaries read, everyone owns them, groups work', async () => {
    const file = oldGlossaryFile('old-glossaries.sqlite');
    expect(versionIn(file, 'glossaries')).toBe(0);
    const store = new SqliteGlossaryStore(file);
    try {
      expect(versionIn(file, 'glossaries')).toBe(3);
      const kept = await store.get(ID);
      expect(kept).toMatchObject({ owner: 'open', name: 'Clinic « terms » & <co>', entryCount: 1 });
      expect(kept?.entries).toEqual([{ source: 'clinic', target: 'zahanati' }]);
      const grouped = await store.create(
        { owner: 'key:a', name: 'g', source: 'eng_Latn', target: 'fra_Latn', entries: [], group: ID },
        { total: 10, perOwner: 10 },
      );
      expect((await store.get(grouped.id))?.group).toBe(ID);
    } finally {
      await store.close();
    }
    // A second opening finds it current and changes nothing.
    const again = new SqliteGlossaryStore(file);
    expect((await again.list()).map((glossary) => glossary.id)).toContain(ID);
    await again.close();
    expect(versionIn(file, 'glossaries')).toBe(3);
  });

  it('refuses a file written by a newer Sema, naming the file, the setting and what to do', () => {
    const file = oldGlossaryFile('newer-glossaries.sqlite');
    const db = new Database(file);
    db.exec(
      "CREATE TABLE sema_schema (store TEXT PRIMARY KEY, version INTEGER NOT NULL); INSERT INTO sema_schema VALUES ('glossaries', 7)",
    );
    db.close();
    expect(() => new SqliteGlossaryStore(file)).toThrow(NewerSchemaError);
    expect(() => new SqliteGlossaryStore(file)).toThrow(
      `${file} (SEMA_GLOSSARY_DB) holds glossaries in layout version 7, written by a newer Sema (this one knows up to 3): run that version or newer, or restore a backup made by this one`,
    );
  });

  it('records the version of each store sharing the usage file, usage and managed keys', async () => {
    const file = path.join(folder, 'usage.sqlite');
    const usage = new SqliteUsage(file);
    await usage.charge('sema:usage:abc:2026-11', 40, 100);
    const keys = managedKeyStore(null, file);
    await keys.add({
      id: 'abc',
      name: 'team-a',
      monthlyChars: 100,
      createdAt: '2026-11-01T00:00:00.000Z',
      revokedAt: null,
    });
    usage.close();
    keys.close();
    expect(versionIn(file, 'usage')).toBe(1);
    expect(versionIn(file, 'managed-keys')).toBe(1);
  });
});

/** A file holding `store` in a layout version this Sema does not know yet. */
function newerFile(name: string, store: string): string {
  const file = path.join(folder, name);
  const db = new Database(file);
  db.exec('CREATE TABLE sema_schema (store TEXT PRIMARY KEY, version INTEGER NOT NULL)');
  db.prepare('INSERT INTO sema_schema VALUES (?, 9)').run(store);
  db.close();
  return file;
}

describe('a store a newer Sema wrote stops the start, not the first request', () => {
  it.each(['usage', 'managed-keys'])('the usage file holding %s', async (store) => {
    const file = newerFile(`newer-${store}.sqlite`, store);
    await expect(buildTestApp({ SEMA_USAGE_DB: file })).rejects.toThrow(
      `${file} (SEMA_USAGE_DB) holds ${store} in layout version 9, written by a newer Sema`,
    );
  });

  it('a usage file never made stays unmade at start', async () => {
    const file = path.join(folder, 'never-made.sqlite');
    const app = await buildTestApp({ SEMA_USAGE_DB: file });
    await app.close();
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe.skipIf(!REDIS_SERVER)('Redis stores and their layout versions', () => {
  const redis = redisForSuite();
  let client: Redis;
  beforeAll(() => {
    client = new Redis(redis.url);
  });
  afterEach(() => client.flushall());
  afterAll(() => client.disconnect());

  it('upgrades glossaries of an older Sema at first use: each names its owner', async () => {
    // As an older Sema kept it: no owner field, no recorded version.
    await client.hset(`sema:glossary:${ID}`, {
      id: ID,
      name: 'Clinic',
      source: 'eng_Latn',
      target: 'swh_Latn',
      entryCount: '0',
      createdAt: '2025-01-02T03:04:05.000Z',
      updatedAt: '2025-01-02T03:04:05.000Z',
      entries: '[]',
    });
    await client.sadd('sema:glossaries', ID);
    const store = new RedisGlossaryStore(client);
    expect(await store.list()).toEqual([expect.objectContaining({ id: ID, owner: 'open' })]);
    expect(await client.hget(`sema:glossary:${ID}`, 'owner')).toBe('open');
    expect(await redisVersion(client, 'glossaries')).toBe(2);
  });

  it('refuses a Redis written by a newer Sema, and tries again at the next use', async () => {
    await client.hset('sema:schema', 'glossaries', '5');
    const store = new RedisGlossaryStore(client);
    await expect(store.list()).rejects.toThrow(
      'This Redis (REDIS_URL) holds glossaries in layout version 5, written by a newer Sema (this one knows up to 2)',
    );
    await client.hset('sema:schema', 'glossaries', '2');
    expect(await store.list()).toEqual([]);
  });

  it.each(['glossaries', 'usage', 'managed-keys'])(
    'a Redis holding %s of a newer Sema stops the start',
    async (store) => {
      await client.hset('sema:schema', store, '9');
      await expect(buildTestApp({ REDIS_URL: redis.url })).rejects.toThrow(
        `This Redis (REDIS_URL) holds ${store} in layout version 9, written by a newer Sema`,
      );
    },
  );

  it('usage a newer Sema wrote is refused, never counted on its own as if Redis were away', async () => {
    const away: unknown[] = [];
    const counter = new UsageCounter({ redis: client, file: ':memory:', onRedisError: (e) => away.push(e) });
    await client.hset('sema:schema', 'usage', '9');
    const key = { id: 'k1', monthlyChars: 1000 };
    await expect(counter.charge(key, 10)).rejects.toThrow(NewerSchemaError);
    expect(away).toEqual([]);
    await client.hset('sema:schema', 'usage', '1');
    expect((await counter.charge(key, 10)).charged).toBe(true);
  });

  it('moves an older glossary file into Redis through the stores, owners and all', async () => {
    const file = oldGlossaryFile('moved-glossaries.sqlite');
    const report = await migrateToRedis(
      { glossaries: file, usage: path.join(folder, 'none.sqlite') },
      client,
    );
    expect(report.glossaries).toEqual({ copied: 1, present: 0, file });
    const moved = await new RedisGlossaryStore(client).get(ID);
    expect(moved).toMatchObject({
      owner: 'open',
      name: 'Clinic « terms » & <co>',
      createdAt: '2025-01-02T03:04:05.000Z',
    });
    expect(moved?.entries).toEqual([{ source: 'clinic', target: 'zahanati' }]);
    // Run again: left as it is in Redis.
    expect((await migrateToRedis({ glossaries: file, usage: ':memory:' }, client)).glossaries).toEqual({
      copied: 0,
      present: 1,
      file,
    });
  });
});
