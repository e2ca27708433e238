/**
 * API keys the operator manages while the server runs (POST/PATCH/DELETE /api/v1/admin/keys, or
 * `npm run keys`), beside the ones in SEMA_API_KEYS and SEMA_API_KEYS_FILE. They are kept where the
 * usage is kept — Redis with REDIS_URL (every process sees a new or revoked key within seconds),
 * else the usage SQLite file — and only as the hash the server knows keys by: a key is shown once,
 * when it is made.
 */
import type { Redis } from 'ioredis';
import { ApiError } from './errors.ts';
import type { LazyStoreFile } from './sqlite-file.ts';
import {
  NewerSchemaError,
  RedisSchemaGate,
  type RedisStep,
  type SqliteStep,
  type StoreLayout,
} from './store-schema.ts';
import { inUsageFile } from './usage-stores.ts';

export interface ManagedKey {
  /** The first 16 hex digits of the key's SHA-256, as usage is counted under. */
  id: string;
  /** The operator's name for it ("team-a"). */
  name: string;
  /** Characters a month, or null for no limit. */
  monthlyChars: number | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601 once revoked: a revoked key is refused, and kept so its usage stays readable. */
  revokedAt: string | null;
}

export interface ManagedKeyStore extends StoreLayout {
  add(key: ManagedKey): Promise<void>;
  list(): Promise<ManagedKey[]>;
  /** How many there are, revoked ones included (read every few seconds by every process). */
  count(): Promise<number>;
  get(id: string): Promise<ManagedKey | undefined>;
  /** Replaces a key's record; false when there is none. */
  put(key: ManagedKey): Promise<boolean>;
  /** Adds a key kept elsewhere (the move to Redis); false when it is here already (left as it is). */
  adopt(key: ManagedKey): Promise<boolean>;
  close(): void;
}

/** The layouts, version by version (lib/store-schema.ts). */
const SQLITE_STEPS: SqliteStep[] = [
  {
    version: 1,
    what: 'a row per key, its record as JSON',
    up: (db) =>
      db.exec('CREATE TABLE IF NOT EXISTS managed_keys (id TEXT PRIMARY KEY, record TEXT NOT NULL)'),
  },
];
const REDIS_STEPS: RedisStep[] = [
  { version: 1, what: 'one hash, a JSON record per key id', up: async () => undefined },
];

class RedisManagedKeys implements ManagedKeyStore {
  private static readonly HASH = 'sema:keys';
  private readonly schema: RedisSchemaGate;
  constructor(private readonly redis: Redis) {
    this.schema = new RedisSchemaGate(redis, 'managed-keys', REDIS_STEPS);
  }

  checkLayout() {
    return this.schema.ready();
  }

  async add(key: ManagedKey) {
    await this.schema.ready();
    await this.redis.hset(RedisManagedKeys.HASH, key.id, JSON.stringify(key));
  }
  async adopt(key: ManagedKey) {
    await this.schema.ready();
    return (await this.redis.hsetnx(RedisManagedKeys.HASH, key.id, JSON.stringify(key))) === 1;
  }
  async list() {
    await this.schema.ready();
    const all = await this.redis.hvals(RedisManagedKeys.HASH);
    return all.map((json) => JSON.parse(json) as ManagedKey).sort(byCreation);
  }
  async count() {
    await this.schema.ready();
    return this.redis.hlen(RedisManagedKeys.HASH);
  }
  async get(id: string) {
    await this.schema.ready();
    const json = await this.redis.hget(RedisManagedKeys.HASH, id);
    return json ? (JSON.parse(json) as ManagedKey) : undefined;
  }
  async put(key: ManagedKey) {
    await this.schema.ready();
    if (!(await this.redis.hexists(RedisManagedKeys.HASH, key.id))) return false;
    await this.add(key);
    return true;
  }
  close() {}
}

/** In the usage SQLite file (SEMA_USAGE_DB), opened on first use like the usage counts. */
class SqliteManagedKeys implements ManagedKeyStore {
  private readonly store: LazyStoreFile;
  constructor(file: string) {
    this.store = inUsageFile(file, 'managed-keys', SQLITE_STEPS);
  }
  async checkLayout() {
    this.store.openIfMade();
  }
  async adopt(key: ManagedKey) {
    const { changes } = this.store
      .open()
      .prepare('INSERT OR IGNORE INTO managed_keys (id, record) VALUES (?, ?)')
      .run(key.id, JSON.stringify(key));
    return changes > 0;
  }
  async add(key: ManagedKey) {
    this.store
      .open()
      .prepare('INSERT INTO managed_keys (id, record) VALUES (?, ?)')
      .run(key.id, JSON.stringify(key));
  }
  async list() {
    // A server that never had a key never creates the file.
    if (!this.store.exists()) return [];
    const rows = this.store.open().prepare('SELECT record FROM managed_keys').all() as { record: string }[];
    return rows.map((row) => JSON.parse(row.record) as ManagedKey).sort(byCreation);
  }
  async count() {
    if (!this.store.exists()) return 0;
    return (this.store.open().prepare('SELECT count(*) AS n FROM managed_keys').get() as { n: number }).n;
  }
  async get(id: string) {
    if (!this.store.exists()) return undefined;
    const row = this.store.open().prepare('SELECT record FROM managed_keys WHERE id = ?').get(id) as
      { record: string } | undefined;
    return row ? (JSON.parse(row.record) as ManagedKey) : undefined;
  }
  async put(key: ManagedKey) {
    const { changes } = this.store
      .open()
      .prepare('UPDATE managed_keys SET record = ? WHERE id = ?')
      .run(JSON.stringify(key), key.id);
    return changes > 0;
  }
  close() {
    this.store.close();
  }
}

const byCreation = (a: ManagedKey, b: ManagedKey) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** Redis when the server has it, else the usage file (`:memory:` in tests keeps them in this process). */
export function managedKeyStore(redis: Redis | null, usageFile: string): ManagedKeyStore {
  return redis ? new RedisManagedKeys(redis) : new SqliteManagedKeys(usageFile);
}

/** The answer while the store of managed keys does not answer (Redis down or slow). */
const keysUnavailable = () =>
  new ApiError(503, 'KEYS_UNAVAILABLE', 'API keys cannot be checked right now; try again shortly');

/**
 * The store as the server uses it: a failure to reach it (Redis away, a disk error) becomes a 503
 * `KEYS_UNAVAILABLE` with Retry-After, as the glossaries' store does, instead of a bare 500; each is
 * told to `onError` for the log. Records of a newer Sema stay what they are: retrying cannot help.
 */
export function answeringStore(store: ManagedKeyStore, onError: (error: unknown) => void): ManagedKeyStore {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof NewerSchemaError) throw error;
      onError(error);
      throw keysUnavailable();
    }
  };
  return {
    checkLayout: () => store.checkLayout(),
    add: (key) => guard(() => store.add(key)),
    list: () => guard(() => store.list()),
    count: () => guard(() => store.count()),
    get: (id) => guard(() => store.get(id)),
    put: (key) => guard(() => store.put(key)),
    adopt: (key) => guard(() => store.adopt(key)),
    close: () => store.close(),
  };
}
