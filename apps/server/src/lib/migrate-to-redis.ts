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
import Database from 'better-sqlite3';
import type { Redis } from 'ioredis';
import { OPEN_TENANT } from './tenant.ts';

/** Per usage count, the characters copied so far. */
const MIGRATED_USAGE = 'sema:migrated:usage';
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

function openReadOnly(file: string): Database.Database | undefined {
  if (file === ':memory:' || !fs.existsSync(file)) return undefined;
  return new Database(file, { readonly: true, fileMustExist: true });
}

const hasTable = (db: Database.Database, table: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;

export async function migrateToRedis(files: MigrationFiles, redis: Redis): Promise<MigrationReport> {
  const report: MigrationReport = {
    glossaries: { copied: 0, present: 0, file: undefined },
    keys: { copied: 0, present: 0 },
    usage: { counts: 0, characters: 0, file: undefined },
  };
  const glossaryDb = openReadOnly(files.glossaries);
  if (glossaryDb) {
    try {
      if (hasTable(glossaryDb, 'glossaries')) {
        report.glossaries.file = files.glossaries;
        await copyGlossaries(glossaryDb, redis, report);
      }
    } finally {
      glossaryDb.close();
    }
    await remember(redis, files.glossaries);
  }
  const usageDb = openReadOnly(files.usage);
  if (usageDb) {
    try {
      report.usage.file = files.usage;
      if (hasTable(usageDb, 'managed_keys')) await copyManagedKeys(usageDb, redis, report);
      if (hasTable(usageDb, 'key_usage')) await copyUsage(usageDb, redis, report);
    } finally {
      usageDb.close();
    }
    await remember(redis, files.usage);
  }
  return report;
}

interface GlossaryRow {
  id: string;
  owner?: string;
  name: string;
  source: string;
  target: string;
  entry_count: number;
  created_at: string;
  updated_at: string;
  entries: string;
}

async function copyGlossaries(db: Database.Database, redis: Redis, report: MigrationReport) {
  for (const row of db.prepare('SELECT * FROM glossaries ORDER BY created_at, id').all() as GlossaryRow[]) {
    const key = `sema:glossary:${row.id}`;
    // The layout of glossaries/redis-store.ts; one kept before glossaries had owners was everyone's.
    const fields = {
      id: row.id,
      owner: row.owner ?? OPEN_TENANT,
      name: row.name,
      source: row.source,
      target: row.target,
      entryCount: String(row.entry_count),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      entries: row.entries,
    };
    if (await redis.exists(key)) {
      report.glossaries.present++;
      continue;
    }
    await redis.multi().hset(key, fields).sadd('sema:glossaries', row.id).exec();
    report.glossaries.copied++;
  }
}

async function copyManagedKeys(db: Database.Database, redis: Redis, report: MigrationReport) {
  const rows = db.prepare('SELECT id, record FROM managed_keys').all() as { id: string; record: string }[];
  for (const row of rows) {
    // The hash of lib/managed-keys.ts; a key there already (revoked or limited since) stays as it is.
    const copied = await redis.hsetnx('sema:keys', row.id, row.record);
    if (copied) report.keys.copied++;
    else report.keys.present++;
  }
}

async function copyUsage(db: Database.Database, redis: Redis, report: MigrationReport) {
  const rows = db.prepare('SELECT name, chars FROM key_usage WHERE chars > 0').all() as {
    name: string;
    chars: number;
  }[];
  for (const { name, chars } of rows) {
    // Names are those lib/api-keys.ts counts under in Redis too (`sema:usage:{id}:{month}`).
    if (!name.startsWith('sema:usage:')) continue;
    const before = Number((await redis.hget(MIGRATED_USAGE, name)) ?? 0);
    const more = chars - before;
    if (more <= 0) continue;
    await redis.multi().incrby(name, more).hset(MIGRATED_USAGE, name, String(chars)).exec();
    report.usage.counts++;
    report.usage.characters += more;
  }
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
