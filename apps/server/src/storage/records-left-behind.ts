/**
 * Records left in the SQLite files when a server moves to Redis. With REDIS_URL set, glossaries and
 * API-key usage are kept in Redis and the SQLite files are no longer read: without a word, the same
 * keys would start the month from nothing and every glossary would seem gone. This counts what the
 * files still hold, for the log at start, unless `npm run data -- migrate` copied them
 * (storage/move-to-redis.ts) and they have not changed since.
 */
import { glossariesIn } from '../glossaries/sqlite-store.ts';
import { monthOf } from '../lib/api-keys.ts';
import { keysCountedIn } from '../lib/usage-stores.ts';

export interface SqliteFiles {
  /** SEMA_GLOSSARY_DB. */
  glossaries: string;
  /** SEMA_USAGE_DB. */
  usage: string;
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
  const glossaries = migrated.has(files.glossaries) ? undefined : glossariesIn(files.glossaries);
  if (glossaries) {
    said.push(
      `${files.glossaries} (SEMA_GLOSSARY_DB) still holds ${glossaries} stored glossar${glossaries === 1 ? 'y' : 'ies'}, ${after}`,
    );
  }
  const usage = migrated.has(files.usage) ? undefined : keysCountedIn(files.usage, monthOf(now));
  if (usage) {
    said.push(
      `${files.usage} (SEMA_USAGE_DB) still holds this month's usage of ${usage} API key${usage === 1 ? '' : 's'} (in Redis they count from 0 again), ${after}`,
    );
  }
  return said;
}
