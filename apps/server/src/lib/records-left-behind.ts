/**
 * Records left in the SQLite files when a server moves to Redis. With REDIS_URL set, glossaries and
 * API-key usage are kept in Redis and the SQLite files are no longer read: without a word, the same
 * keys would start the month from nothing and every glossary would seem gone. This counts what the
 * files still hold, for the log at start, unless `npm run data -- migrate` copied them
 * (lib/migrate-to-redis.ts) and they have not changed since.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { monthOf } from './api-keys.ts';

export interface SqliteFiles {
  /** SEMA_GLOSSARY_DB. */
  glossaries: string;
  /** SEMA_USAGE_DB. */
  usage: string;
}

/** Runs `query` on `file` opened read-only; undefined when there is no such file or it cannot be read. */
function readOnly<T>(file: string, query: (db: Database.Database) => T): T | undefined {
  if (file === ':memory:' || !fs.existsSync(file)) return undefined;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return query(db);
  } catch {
    // Not a store of ours, or not readable: nothing to say about records in it.
    return undefined;
  } finally {
    db?.close();
  }
}

/** One sentence per SQLite file that still holds records this server (on Redis) no longer reads. */
export function recordsLeftBehind(
  files: SqliteFiles,
  now = new Date(),
  /** Files already copied into this Redis (`npm run data -- migrate`) and unchanged since. */
  migrated: ReadonlySet<string> = new Set(),
): string[] {
  const said: string[] = [];
  const after =
    'which this server no longer reads now that REDIS_URL is set (nothing is copied into Redis): npm run data -- migrate copies them (safe to run again), or unset REDIS_URL to use the file again';
  const glossaries = readOnly(
    migrated.has(files.glossaries) ? ':memory:' : files.glossaries,
    (db) => (db.prepare('SELECT count(*) AS count FROM glossaries').get() as { count: number }).count,
  );
  if (glossaries) {
    said.push(
      `${files.glossaries} (SEMA_GLOSSARY_DB) still holds ${glossaries} stored glossar${glossaries === 1 ? 'y' : 'ies'}, ${after}`,
    );
  }
  const usage = readOnly(
    migrated.has(files.usage) ? ':memory:' : files.usage,
    (db) =>
      (
        db
          .prepare("SELECT count(*) AS keys FROM key_usage WHERE chars > 0 AND name LIKE '%:' || ?")
          .get(monthOf(now)) as { keys: number }
      ).keys,
  );
  if (usage) {
    said.push(
      `${files.usage} (SEMA_USAGE_DB) still holds this month's usage of ${usage} API key${usage === 1 ? '' : 's'} (in Redis they count from 0 again), ${after}`,
    );
  }
  return said;
}
