/**
 * Copies the records a server kept in SQLite into Redis, for an operator adding REDIS_URL
 * (`npm run data -- migrate`): stored glossaries with their owners (SEMA_GLOSSARY_DB), and from the
 * usage file (SEMA_USAGE_DB) the managed API keys and every usage count (API keys' months and web
 * sessions' allowances, which are counted alike). It can run again safely:
 *
 * - a glossary or managed key already in Redis is left as it is there (Redis is where it has
 *   changed since);
 * - a usage count adds to what Redis counted since the move only what SQLite holds beyond what an
 *   earlier run copied (`sema:migrated:usage` keeps, per count, what was copied).
 *
 * Once done, Redis remembers each file and its modification time (`sema:migrated:files`), so the
 * server stops warning at start about records left behind in a file it has copied.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { RedisGlossaryStore } from '../glossaries/redis-store.ts';
import { SqliteGlossaryStore } from '../glossaries/sqlite-store.ts';
import { managedKeyStore } from '../lib/managed-keys.ts';
import { RedisUsage, SqliteUsage } from '../lib/usage-stores.ts';

/** Per SQLite file (absolute path), its modification time when it was last copied. */
const MIGRATED_FILES = 'sema:migrated:files';

export interface MigrationFiles {
  /** SEMA_GLOSSARY_DB. */
  glossaries: string;
  /** SEMA_USAGE_DB. */
  usage: string;
}

export interface MigrationReport {
  glossaries: { copied: number; present: number; file: string | undefined };
  keys: { copied: number; present: number };
  usage: { counts: number; characters: number; file: string | undefined };
}

const isFile = (file: string) => file !== ':memory:' && fs.existsSync(file);

/**
 * Reads each SQLite file through its own stores (which first bring an older file's layout to this
 * version's: lib/store-schema.ts) and writes through the Redis stores, so no layout is described
 * twice.
 */
export async function migrateToRedis(files: MigrationFiles, redis: Redis): Promise<MigrationReport> {
  const report: MigrationReport = {
    glossaries: { copied: 0, present: 0, file: undefined },
    keys: { copied: 0, present: 0 },
    usage: { counts: 0, characters: 0, file: undefined },
  };
  if (isFile(files.glossaries)) {
    report.glossaries.file = files.glossaries;
    const from = new SqliteGlossaryStore(files.glossaries);
    try {
      const into = new RedisGlossaryStore(redis);
      for (const { id } of await from.list()) {
        const glossary = await from.get(id);
        if (!glossary) continue;
        if (await into.adopt(glossary)) report.glossaries.copied++;
        else report.glossaries.present++;
      }
    } finally {
      await from.close();
    }
    await remember(redis, files.glossaries);
  }
  if (isFile(files.usage)) {
    report.usage.file = files.usage;
    const keysFrom = managedKeyStore(null, files.usage);
    const usageFrom = new SqliteUsage(files.usage);
    try {
      const keysInto = managedKeyStore(redis, files.usage);
      // A key in Redis already (revoked or limited since) stays as it is there.
      for (const key of await keysFrom.list()) {
        if (await keysInto.adopt(key)) report.keys.copied++;
        else report.keys.present++;
      }
      const usageInto = new RedisUsage(redis);
      for (const { name, chars } of await usageFrom.counts()) {
        const added = await usageInto.copyIn(name, chars);
        if (added === 0) continue;
        report.usage.counts++;
        report.usage.characters += added;
      }
    } finally {
      keysFrom.close();
      usageFrom.close();
    }
    await remember(redis, files.usage);
  }
  return report;
}

/** When the file last changed: its write-ahead log holds the latest writes until a checkpoint. */
function changedAt(file: string): number {
  const wal = `${file}-wal`;
  return Math.max(fs.statSync(file).mtimeMs, fs.existsSync(wal) ? fs.statSync(wal).mtimeMs : 0);
}

async function remember(redis: Redis, file: string) {
  await redis.hset(MIGRATED_FILES, path.resolve(file), String(changedAt(file)));
}

/**
 * The files (of `files`) copied into this Redis and not changed since: the server need not warn
 * that they hold records it no longer reads.
 */
export async function migratedFiles(redis: Redis, files: readonly string[]): Promise<Set<string>> {
  const done = new Set<string>();
  for (const file of files) {
    if (file === ':memory:' || !fs.existsSync(file)) continue;
    const recorded = await redis.hget(MIGRATED_FILES, path.resolve(file));
    if (recorded !== null && Number(recorded) === changedAt(file)) done.add(file);
  }
  return done;
}
