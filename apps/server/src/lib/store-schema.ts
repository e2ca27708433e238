/**
 * Every store Sema keeps records in (glossaries, API-key usage, managed keys) records the version
 * of its layout beside its records, so that a newer Sema upgrades them in place at first use and
 * an older one refuses a layout it does not know instead of misreading it.
 *
 * A store lists its steps in order: step N brings version N-1 to N. Records written before
 * versions were recorded are version 0, whatever layout they have, so every step must be safe to
 * run on a layout that already has it (CREATE TABLE IF NOT EXISTS, a column added only when
 * missing, a field filled only where absent). That also lets two processes upgrade at once.
 *
 * SQLite keeps versions in a table of the file (`sema_schema`: several stores share the usage
 * file, so one `PRAGMA user_version` would not do); Redis in one hash (`sema:schema`).
 */
import type Database from 'better-sqlite3';
import type { Redis } from 'ioredis';

interface SchemaStep {
  /** The version this step brings the store to: 1 for the first. */
  version: number;
  /** What it changes, for the reader. */
  what: string;
}

export interface SqliteStep extends SchemaStep {
  up(db: Database.Database): void;
}

export interface RedisStep extends SchemaStep {
  up(redis: Redis): Promise<unknown>;
}

/** Records written by a newer Sema: refused, since this one would misread them. */
export class NewerSchemaError extends Error {
  override name = 'NewerSchemaError';
  constructor(store: string, where: string, found: number, known: number) {
    super(
      `${where} holds ${store} in layout version ${found}, written by a newer Sema (this one knows up to ${known}): run that version or newer, or restore a backup made by this one`,
    );
  }
}

/** A store whose layout can be brought up to date before its first use (at start). */
export interface StoreLayout {
  /** Upgrades an older layout in place; throws NewerSchemaError on a newer one. */
  checkLayout(): Promise<void>;
}

/**
 * At start: brings each store's layout up to date, and refuses to start on one a newer Sema wrote
 * (NewerSchemaError), instead of failing the first request that touches it. Any other failure (Redis
 * away at start) is left to the first use, which tries again.
 */
export async function checkLayoutsAtStart(stores: readonly StoreLayout[]): Promise<void> {
  for (const store of stores) {
    try {
      await store.checkLayout();
    } catch (error) {
      if (error instanceof NewerSchemaError) throw error;
    }
  }
}

/** The version the steps lead to; throws when they are not numbered 1, 2, 3… */
function latestVersion(store: string, steps: readonly SchemaStep[]): number {
  steps.forEach((step, index) => {
    if (step.version !== index + 1)
      throw new Error(`${store}: schema step ${index + 1} is numbered ${step.version}`);
  });
  return steps.length;
}

const SQLITE_TABLE = 'sema_schema';

/** The version of `store` in this file: 0 when it never recorded one. */
export function sqliteVersion(db: Database.Database, store: string): number {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(SQLITE_TABLE);
  if (!table) return 0;
  const row = db.prepare(`SELECT version FROM ${SQLITE_TABLE} WHERE store = ?`).get(store) as
    { version: number } | undefined;
  return row?.version ?? 0;
}

/**
 * Brings `store` in this SQLite file to its latest version, in one immediate transaction (another
 * process opening the file at the same moment waits, then finds it done).
 */
export function upgradeSqlite(
  db: Database.Database,
  store: string,
  steps: readonly SqliteStep[],
  where: string,
): void {
  const latest = latestVersion(store, steps);
  const upgrade = db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS ${SQLITE_TABLE} (store TEXT PRIMARY KEY, version INTEGER NOT NULL)`);
    const found = sqliteVersion(db, store);
    if (found > latest) throw new NewerSchemaError(store, where, found, latest);
    if (found === latest) return;
    for (const step of steps.slice(found)) step.up(db);
    db.prepare(
      `INSERT INTO ${SQLITE_TABLE} (store, version) VALUES (?, ?) ON CONFLICT (store) DO UPDATE SET version = excluded.version`,
    ).run(store, latest);
  });
  upgrade.immediate();
}

const REDIS_HASH = 'sema:schema';

/** The version of `store` in this Redis: 0 when it never recorded one. */
export async function redisVersion(redis: Redis, store: string): Promise<number> {
  return Number((await redis.hget(REDIS_HASH, store)) ?? 0);
}

/**
 * Brings `store` in this Redis to its latest version. Steps run outside a transaction (they may
 * read and write many keys); being safe to run twice, two processes upgrading at once agree.
 */
export async function upgradeRedis(redis: Redis, store: string, steps: readonly RedisStep[]): Promise<void> {
  const latest = latestVersion(store, steps);
  const found = await redisVersion(redis, store);
  if (found > latest) throw new NewerSchemaError(store, 'This Redis (REDIS_URL)', found, latest);
  if (found === latest) return;
  for (const step of steps.slice(found)) await step.up(redis);
  await redis.hset(REDIS_HASH, store, String(latest));
}

/**
 * A Redis store's upgrade, run before its first command and again after a failure (Redis away at
 * start): `ready()` resolves once the layout is current.
 */
export class RedisSchemaGate {
  private done: Promise<void> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly store: string,
    private readonly steps: readonly RedisStep[],
  ) {}

  ready(): Promise<void> {
    this.done ??= upgradeRedis(this.redis, this.store, this.steps).catch((error: unknown) => {
      // Tried again at the next use: Redis may only be away for now.
      this.done = undefined;
      throw error;
    });
    return this.done;
  }
}
