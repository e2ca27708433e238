/**
 * Where the rate-limit counters live: in Redis when REDIS_URL is set and Redis answers (one budget
 * for every server process), else in this process. While Redis is down or slow the counters of this
 * process take over, so the limit still holds (per process) instead of letting everything through;
 * as soon as Redis answers again its counters are used again. Plugs into @fastify/rate-limit as
 * its `store`.
 */
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

interface Count {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, count: Count) => void;

/** A fixed window per key: the first hit starts it, and it ends `windowMs` later. */
export class LocalCounters {
  private readonly windows = new LRUCache<string, { count: number; endsAt: number }>({ max: 100_000 });

  incr(key: string, windowMs: number): Count {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return { current: window.count, ttl: window.endsAt - now };
  }
}

// INCR, and start the window on the first hit; answers the count and the window's time left.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}
`;

type RedisWithIncrement = Redis & {
  semaRateLimit(key: string, windowMs: number): Promise<[number, number]>;
};

export interface RateLimitStoreOptions {
  redis: Redis | null;
  prefix: string;
  /** Called when Redis could not count a hit (the local counters did). */
  onRedisError(error: Error): void;
}

/** The store class @fastify/rate-limit instantiates (it passes only its own settings). */
export function fallbackStore(options: RateLimitStoreOptions) {
  const local = new LocalCounters();
  if (options.redis && !('semaRateLimit' in options.redis)) {
    options.redis.defineCommand('semaRateLimit', { numberOfKeys: 1, lua: INCREMENT });
  }
  const redis = options.redis as RedisWithIncrement | null;
  return class FallbackStore {
    constructor(
      _settings?: unknown,
      private readonly prefix = options.prefix,
    ) {}

    incr(key: string, callback: Callback, windowMs: number): void {
      const fullKey = `${this.prefix}${key}`;
      if (!redis || redis.status !== 'ready') return callback(null, local.incr(fullKey, windowMs));
      redis.semaRateLimit(fullKey, windowMs).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: Error) => {
          options.onRedisError(error);
          callback(null, local.incr(fullKey, windowMs));
        },
      );
    }

    /** Counters of a route with its own limit (none today: every API route shares one budget). */
    child(route: { method: string | string[]; url: string }): FallbackStore {
      return new FallbackStore(undefined, `${this.prefix}${String(route.method)}${route.url}-`);
    }
  };
}
