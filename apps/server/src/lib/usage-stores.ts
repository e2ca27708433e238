/**
 * Where API keys' and web sessions' usage is counted, a count per key and month named
 * `sema:usage:{key id}:{month}`: Redis, this process's memory, or the usage SQLite file
 * (SEMA_USAGE_DB). lib/api-keys.ts's UsageCounter chooses; the move to Redis
 * (storage/move-to-redis.ts) reads the file and writes Redis through these, so their layouts are
 * described here only.
 */
import type Database from 'better-sqlite3';
import type { Redis } from 'ioredis';
import { LazyStoreFile, readStoreFile, USAGE_STORE } from './sqlite-file.ts';
import {
  RedisSchemaGate,
  upgradeSqlite,
  type RedisStep,
  type SqliteStep,
  type StoreLayout,
} from './store-schema.ts';

/** Per count, the characters copied into Redis from a usage file so far (RedisUsage.copyIn). */
const COPIED = 'sema:migrated:usage';

/** The usage file's layout, version by version (lib/store-schema.ts). */
const SQLITE_STEPS: SqliteStep[] = [
  {
    version: 1,
    what: 'a row per key and month',
    up: (db) =>
      db.exec('CREATE TABLE IF NOT EXISTS key_usage (name TEXT PRIMARY KEY, chars INTEGER NOT NULL)'),
  },
];

const REDIS_STEPS: RedisStep[] = [
  { version: 1, what: 'an integer per key and month, with no expiry', up: async () => undefined },
];

/**
 * A store kept in the usage file (SEMA_USAGE_DB), the usage counts' and the managed keys': opened
 * on first use, so a server without keys never creates the file, its layout upgraded or refused then.
 */
export function inUsageFile(file: string, store: string, steps: readonly SqliteStep[]): LazyStoreFile {
  return new LazyStoreFile(file, USAGE_STORE, (db) =>
    upgradeSqlite(db, store, steps, `${file} (SEMA_USAGE_DB)`),
  );
}

/**
 * How many keys (and web sessions) the usage file counts in `month`, read without writing (at the
 * start of a server that moved to Redis: storage/records-left-behind.ts); undefined without a file.
 */
export function keysCountedIn(file: string, month: string): number | undefined {
  return readStoreFile(
    file,
    (db) =>
      (
        db
          .prepare("SELECT count(*) AS keys FROM key_usage WHERE chars > 0 AND name LIKE '%:' || ?")
          .get(month) as { keys: number }
      ).keys,
  );
}

/** Where a month's usage of a key is counted; `name` is `sema:usage:{key id}:{month}`. */
export interface UsageStore extends StoreLayout {
  /** Adds `chars` unless the count would pass `limit`; answers whether it did, and the count after. */
  charge(name: string, chars: number, limit: number | null): Promise<{ charged: boolean; count: number }>;
  refund(name: string, chars: number): Promise<void>;
  count(name: string): Promise<number>;
  close(): void;
}

/**
 * In Redis, so every process counts the same budget. A count is a record, not cache: it carries no
 * expiry, so a Redis run as the deploy files run it (maxmemory-policy volatile-lru, appendonly) never
 * evicts it and keeps it across a restart. A key's month is one small integer.
 */
export class RedisUsage implements UsageStore {
  private readonly schema: RedisSchemaGate;

  constructor(private readonly redis: Redis) {
    this.schema = new RedisSchemaGate(redis, 'usage', REDIS_STEPS);
  }

  checkLayout() {
    return this.schema.ready();
  }

  async charge(name: string, chars: number, limit: number | null) {
    await this.schema.ready();
    const count = await this.redis.incrby(name, chars);
    if (limit !== null && count > limit) {
      await this.redis.decrby(name, chars);
      return { charged: false, count: count - chars };
    }
    return { charged: true, count };
  }

  async refund(name: string, chars: number) {
    await this.schema.ready();
    await this.redis.decrby(name, chars);
  }

  async count(name: string) {
    await this.schema.ready();
    return Number((await this.redis.get(name)) ?? 0);
  }

  /**
   * Adds a count kept elsewhere (the usage file, by the move to Redis) once however often it is
   * copied: only what `chars` holds beyond what earlier copies added (COPIED keeps that per count),
   * together with that note. Answers the characters added.
   */
  async copyIn(name: string, chars: number): Promise<number> {
    await this.schema.ready();
    const before = Number((await this.redis.hget(COPIED, name)) ?? 0);
    const more = chars - before;
    if (more <= 0) return 0;
    await this.redis.multi().incrby(name, more).hset(COPIED, name, String(chars)).exec();
    return more;
  }

  close() {}
}

/** In this process only: while Redis is away, or for tests (`:memory:`). */
export class MemoryUsage implements UsageStore {
  private readonly counts = new Map<string, number>();

  async checkLayout() {}

  async charge(name: string, chars: number, limit: number | null) {
    const count = (this.counts.get(name) ?? 0) + chars;
    if (limit !== null && count > limit) return { charged: false, count: count - chars };
    this.counts.set(name, count);
    return { charged: true, count };
  }

  async refund(name: string, chars: number) {
    const count = this.counts.get(name);
    if (count !== undefined) this.counts.set(name, Math.max(0, count - chars));
  }

  async count(name: string) {
    return this.counts.get(name) ?? 0;
  }

  close() {}
}

/**
 * In a SQLite file (SEMA_USAGE_DB) on a server without Redis, so a restart does not hand every key
 * its month again. Opened on first use: a server without keys never creates the file. WAL mode and
 * immediate transactions let several processes on the machine count in the same file.
 */
export class SqliteUsage implements UsageStore {
  private readonly store: LazyStoreFile;

  constructor(file: string) {
    this.store = inUsageFile(file, 'usage', SQLITE_STEPS);
  }

  async checkLayout() {
    this.store.openIfMade();
  }

  /** Every count above 0 (none while the file was never made), for the move to Redis. */
  async counts(): Promise<{ name: string; chars: number }[]> {
    if (!this.store.exists()) return [];
    return this.store.open().prepare('SELECT name, chars FROM key_usage WHERE chars > 0').all() as {
      name: string;
      chars: number;
    }[];
  }

  private read(db: Database.Database, name: string): number {
    const row = db.prepare('SELECT chars FROM key_usage WHERE name = ?').get(name) as
      { chars: number } | undefined;
    return row?.chars ?? 0;
  }

  async charge(name: string, chars: number, limit: number | null) {
    const db = this.store.open();
    const charge = db.transaction(() => {
      const count = this.read(db, name) + chars;
      if (limit !== null && count > limit) return { charged: false, count: count - chars };
      db.prepare(
        'INSERT INTO key_usage (name, chars) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET chars = excluded.chars',
      ).run(name, count);
      return { charged: true, count };
    });
    // IMMEDIATE: another process cannot read the same count between this read and write.
    return charge.immediate();
  }

  async refund(name: string, chars: number) {
    this.store
      .open()
      .prepare('UPDATE key_usage SET chars = max(0, chars - ?) WHERE name = ?')
      .run(chars, name);
  }

  async count(name: string) {
    return this.read(this.store.open(), name);
  }

  close() {
    this.store.close();
  }
}
