/**
 * Optional API keys (SEMA_API_KEYS, SEMA_API_KEYS_FILE): off by default, Sema is free and open. With
 * keys, the APIs — ours and both compatibility layers — need one, count the characters each key has
 * translated this month (in Redis when REDIS_URL is set, so every process counts the same budget),
 * and refuse a request that would pass the key's monthly limit.
 *
 * A key may come as `Authorization: DeepL-Auth-Key …` or `Bearer …`, an `X-API-Key` header, or the
 * `api_key` (LibreTranslate) or `auth_key` (older DeepL clients) field of the request.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ApiKeyConfig } from '../config/parsers.ts';

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

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

export class KeyRing {
  private readonly keys: Map<string, KnownKey>;

  constructor(configured: readonly ApiKeyConfig[]) {
    this.keys = new Map(
      configured.map(({ key, monthlyChars }) => [hashOf(key), { id: hashOf(key), monthlyChars }]),
    );
  }

  get enabled(): boolean {
    return this.keys.size > 0;
  }

  find(key: string): KnownKey | undefined {
    return this.keys.get(hashOf(key));
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
    for (const name of ['api_key', 'auth_key']) {
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

/** Counts characters per key and month, in Redis or in this process. */
export class UsageCounter {
  private readonly local = new Map<string, number>();

  constructor(
    private readonly redis: Redis | null,
    private readonly onRedisError: (error: unknown) => void,
  ) {}

  /**
   * Adds `chars` to the key's month unless that would pass its limit; answers whether it did, and
   * the usage after. While Redis is away, this process counts on its own.
   */
  async charge(key: KnownKey, chars: number): Promise<{ charged: boolean; usage: KeyUsage }> {
    const name = `sema:usage:${key.id}:${monthOf()}`;
    const limit = key.monthlyChars;
    if (this.redis) {
      try {
        const count = await this.redis.incrby(name, chars);
        if (count === chars) await this.redis.expire(name, 40 * 24 * 3600);
        if (limit !== null && count > limit) {
          await this.redis.decrby(name, chars);
          return { charged: false, usage: { count: count - chars, limit } };
        }
        return { charged: true, usage: { count, limit } };
      } catch (error) {
        this.onRedisError(error);
      }
    }
    const count = (this.local.get(name) ?? 0) + chars;
    if (limit !== null && count > limit) return { charged: false, usage: { count: count - chars, limit } };
    this.local.set(name, count);
    return { charged: true, usage: { count, limit } };
  }

  /** Gives back characters charged in `month` for work that then failed. */
  async refund(key: Pick<KnownKey, 'id'>, chars: number, month: string): Promise<void> {
    const name = `sema:usage:${key.id}:${month}`;
    if (this.redis) {
      try {
        await this.redis.decrby(name, chars);
        return;
      } catch (error) {
        this.onRedisError(error);
      }
    }
    const count = this.local.get(name);
    if (count !== undefined) this.local.set(name, Math.max(0, count - chars));
  }

  async usage(key: KnownKey): Promise<KeyUsage> {
    const name = `sema:usage:${key.id}:${monthOf()}`;
    if (this.redis) {
      try {
        return { count: Number((await this.redis.get(name)) ?? 0), limit: key.monthlyChars };
      } catch (error) {
        this.onRedisError(error);
      }
    }
    return { count: this.local.get(name) ?? 0, limit: key.monthlyChars };
  }
}
