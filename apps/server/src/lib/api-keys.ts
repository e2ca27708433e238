/**
 * Optional API keys (SEMA_API_KEYS, SEMA_API_KEYS_FILE): off by default, Sema is free and open. With
 * keys, the APIs — ours and both compatibility layers — need one, count the characters each key has
 * translated this month (in Redis when REDIS_URL is set, so every process counts the same budget;
 * else in a SQLite file, SEMA_USAGE_DB, so a restart keeps it), and refuse a request that would pass
 * the key's monthly limit.
 *
 * A key may come as `Authorization: DeepL-Auth-Key …` or `Bearer …`, an `X-API-Key` header, or the
 * `api_key` (LibreTranslate) or `auth_key` (older DeepL clients) field of the request.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { ApiKeyConfig } from '../config/parsers.ts';
import type { ManagedKey, ManagedKeyStore } from './managed-keys.ts';
import { NewerSchemaError } from './store-schema.ts';
import { MemoryUsage, RedisUsage, SqliteUsage, type UsageStore } from './usage-stores.ts';

/** A key as the server keeps it: a hash (keys never reach logs or Redis), and its limit. */
export interface KnownKey {
  /** The first 16 hex digits of its SHA-256. */
  id: string;
  monthlyChars: number | null;
}

export interface KeyUsage {
  count: number;
  limit: number | null;
}

export const hashOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** A new key to hand out: `sema_` and 32 random bytes, base64url (256 bits). */
export const newKeyValue = () => `sema_${randomBytes(32).toString('base64url')}`;

/** How long a process trusts what it read of a managed key: a revocation holds everywhere within it. */
export const MANAGED_KEY_CACHE_MS = 5_000;

/**
 * The keys this server accepts: those configured (SEMA_API_KEYS, SEMA_API_KEYS_FILE) and those the
 * operator manages live (lib/managed-keys.ts). Keys are on once there is one of either (a revoked
 * managed key included: revoking the last key does not open the server).
 */
export class KeyRing {
  private readonly configured: Map<string, KnownKey>;
  /**
   * Managed keys read lately, by id (null: no such key, or revoked). Trusted for
   * MANAGED_KEY_CACHE_MS; kept past it (until evicted) for while the store does not answer.
   */
  private readonly recent = new LRUCache<string, { key: KnownKey | null }>({
    max: 10_000,
    ttl: MANAGED_KEY_CACHE_MS,
    noDeleteOnStaleGet: true,
  });
  private managedCount = 0;

  constructor(
    configured: readonly ApiKeyConfig[],
    private readonly managed?: ManagedKeyStore,
  ) {
    this.configured = new Map(
      configured.map(({ key, monthlyChars }) => [hashOf(key), { id: hashOf(key), monthlyChars }]),
    );
  }

  get enabled(): boolean {
    return this.configured.size > 0 || this.managedCount > 0;
  }

  /** How many configured keys there are (they cannot be changed while the server runs). */
  get configuredCount(): number {
    return this.configured.size;
  }

  isConfigured(id: string): boolean {
    return this.configured.has(id);
  }

  configuredKeys(): KnownKey[] {
    return [...this.configured.values()];
  }

  async find(key: string): Promise<KnownKey | undefined> {
    const id = hashOf(key);
    const configured = this.configured.get(id);
    if (configured || !this.managed) return configured;
    let cached = this.recent.get(id);
    if (!cached) {
      let record: ManagedKey | undefined;
      try {
        record = await this.managed.get(id);
      } catch (error) {
        // The store does not answer (Redis away): a key this process read before works as it was
        // last read, as usage is counted on meanwhile; one it never read cannot be told from a
        // wrong one, and gets the store's refusal (a 503 to retry, lib/managed-keys.ts).
        const lastRead = this.recent.get(id, { allowStale: true });
        if (lastRead) return lastRead.key ?? undefined;
        throw error;
      }
      cached = { key: record && !record.revokedAt ? { id, monthlyChars: record.monthlyChars } : null };
      this.recent.set(id, cached);
    }
    return cached.key ?? undefined;
  }

  /** Re-reads how many managed keys there are (after a change here, and every few seconds for other processes'). */
  async refresh(): Promise<void> {
    if (!this.managed) return;
    // Revoked ones count: revoking the last key must not open the server to everyone.
    this.managedCount = await this.managed.count();
  }

  /** Forgets what this process read of a managed key (it changed here). */
  forget(record: Pick<ManagedKey, 'id'>): void {
    this.recent.delete(record.id);
  }
}

/** The key a request carries, from its headers or its (parsed) body. */
export function keyOfRequest(
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): string | undefined {
  const authorization = typeof headers.authorization === 'string' ? headers.authorization.trim() : '';
  const scheme = /^(?:DeepL-Auth-Key|Bearer)\s+(\S+)$/i.exec(authorization);
  if (scheme) return scheme[1];
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    // `apiKey` as the libretranslate npm package sends it.
    for (const name of ['api_key', 'apiKey', 'auth_key']) {
      const value = (body as Record<string, unknown>)[name];
      // A multipart field arrives as a part object with its value.
      const text =
        typeof value === 'object' && value && 'value' in value ? (value as { value: unknown }).value : value;
      if (typeof text === 'string' && text.trim()) return text.trim();
    }
  }
  return undefined;
}

/** This month, UTC, as the counters name it: `2026-11`. */
export const monthOf = (now = new Date()) => now.toISOString().slice(0, 7);

export interface UsageCounterOptions {
  /** Redis (REDIS_URL), where every process counts; null without it. */
  redis: Redis | null;
  /** Without Redis, the SQLite file that keeps the counts (SEMA_USAGE_DB), or `:memory:`. */
  file: string;
  onRedisError: (error: unknown) => void;
}

/**
 * Counts characters per key and month: in Redis when it is set (and, while it is away, in this
 * process on its own), else in a SQLite file that outlives the process.
 */
export class UsageCounter {
  private readonly primary: UsageStore;
  /** While Redis is away. */
  private readonly meanwhile = new MemoryUsage();
  private readonly onRedisError: (error: unknown) => void;

  constructor(options: UsageCounterOptions) {
    this.onRedisError = options.onRedisError;
    this.primary = options.redis
      ? new RedisUsage(options.redis)
      : options.file === ':memory:'
        ? new MemoryUsage()
        : new SqliteUsage(options.file);
  }

  /** Upgrades the store's layout, or throws NewerSchemaError (lib/store-schema.ts). */
  checkLayout(): Promise<void> {
    return this.primary.checkLayout();
  }

  private async use<T>(work: (store: UsageStore) => Promise<T>): Promise<T> {
    if (!(this.primary instanceof RedisUsage)) return work(this.primary);
    try {
      return await work(this.primary);
    } catch (error) {
      // Records of a newer Sema are not Redis being away: counting on regardless would misread them.
      if (error instanceof NewerSchemaError) throw error;
      this.onRedisError(error);
      return work(this.meanwhile);
    }
  }

  /**
   * Adds `chars` to the key's month unless that would pass its limit; answers whether it did, and
   * the usage after. While Redis is away, this process counts on its own.
   */
  async charge(key: KnownKey, chars: number): Promise<{ charged: boolean; usage: KeyUsage }> {
    const limit = key.monthlyChars;
    const { charged, count } = await this.use((store) =>
      store.charge(usageName(key, monthOf()), chars, limit),
    );
    return { charged, usage: { count, limit } };
  }

  /** Adds `chars` to the key's month whatever its limit: work already delivered (a chat answer). */
  async record(key: KnownKey, chars: number): Promise<KeyUsage> {
    const { count } = await this.use((store) => store.charge(usageName(key, monthOf()), chars, null));
    return { count, limit: key.monthlyChars };
  }

  /** Gives back characters charged in `month` for work that then failed. */
  async refund(key: Pick<KnownKey, 'id'>, chars: number, month: string): Promise<void> {
    await this.use((store) => store.refund(usageName(key, month), chars));
  }

  async usage(key: KnownKey): Promise<KeyUsage> {
    const count = await this.use((store) => store.count(usageName(key, monthOf())));
    return { count, limit: key.monthlyChars };
  }

  close(): void {
    this.primary.close();
  }
}

const usageName = (key: Pick<KnownKey, 'id'>, month: string) => `sema:usage:${key.id}:${month}`;
