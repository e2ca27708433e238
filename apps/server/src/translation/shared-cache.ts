/**
 * The second level of the translation cache, shared by every server process through Redis. It can
 * only help: each lookup is one round trip (MGET) for all the sentences a request missed in its own
 * process, writes are pipelined and never waited for, and whatever goes wrong (Redis down, slow,
 * answering something that is not ours) reads as a miss, is counted and is logged now and then.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { throttledWarning, type WarnLog } from '../lib/throttled-warning.ts';
import type { TranslationMetrics } from './metrics.ts';

/** What the cache needs of an ioredis client. */
export type SharedCacheClient = Pick<Redis, 'status' | 'mget' | 'pipeline'>;

export interface SharedCacheOptions {
  client: SharedCacheClient;
  /** How long an entry lives in Redis (SEMA_TRANSLATION_CACHE_TTL_SECONDS). */
  ttlSeconds: number;
  log: WarnLog;
  /** Longest wait for a lookup before translating without it; 100 ms unless given. */
  lookupTimeoutMs?: number;
  metrics?: Pick<TranslationMetrics, 'sharedCacheHits' | 'sharedCacheMisses' | 'sharedCacheErrors'>;
}

const NAMESPACE = 'sema:translation:';
/**
 * Every value starts with this, so a value someone else put under our key (or a later format) reads
 * as garbage rather than as a translation.
 */
const VALUE_PREFIX = 't1:';
const DEFAULT_LOOKUP_TIMEOUT_MS = 100;

/**
 * The Redis key of an in-process cache key (which already holds the engine's model id, the language
 * pair and the sentence): hashed, so a 5,000-character sentence still makes a 60-byte key.
 */
export function sharedCacheKey(key: string): string {
  return NAMESPACE + createHash('sha256').update(key).digest('base64url');
}

type Failure = 'unavailable' | 'timeout' | 'garbage' | 'failed';

class SharedCacheFailure extends Error {
  constructor(
    readonly reason: Failure,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/**
 * Rejects once `ms` have passed unless `promise` settled first. A busy event loop can fire the timer
 * after the reply has arrived but before it was read: one more turn for I/O lets such a reply win,
 * so a loaded server does not send sentences Redis already answered to the engine.
 */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const timer = setTimeout(
      () => setImmediate(() => settle(() => reject(new SharedCacheFailure('timeout')))),
      ms,
    );
    promise.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

function failureOf(error: unknown): Failure {
  const message = error instanceof Error ? error.message : '';
  if (/timed out/i.test(message)) return 'timeout';
  if (/writeable|closed|Connection is/i.test(message)) return 'unavailable';
  return 'failed';
}

export class SharedTranslationCache {
  private readonly warn: (details: object, message: string) => void;
  /** Translations finished in this tick, written together in one pipeline. */
  private pending = new Map<string, string>();
  private flushScheduled = false;

  constructor(private readonly options: SharedCacheOptions) {
    this.warn = throttledWarning(options.log);
  }

  /**
   * The translations Redis holds for these in-process keys. Never rejects: anything that goes wrong
   * answers an empty map, as if Redis had missed them all.
   */
  async lookup(keys: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (keys.length === 0) return found;
    const { client, metrics } = this.options;
    try {
      if (client.status !== 'ready') throw new SharedCacheFailure('unavailable');
      const values: unknown = await withDeadline(
        client.mget(keys.map(sharedCacheKey)),
        this.options.lookupTimeoutMs ?? DEFAULT_LOOKUP_TIMEOUT_MS,
      );
      if (!Array.isArray(values) || values.length !== keys.length) throw new SharedCacheFailure('garbage');
      let garbage = 0;
      keys.forEach((key, i) => {
        const value: unknown = values[i];
        if (value === null) return;
        if (typeof value === 'string' && value.startsWith(VALUE_PREFIX)) {
          found.set(key, value.slice(VALUE_PREFIX.length));
        } else garbage++;
      });
      if (garbage > 0) this.failed('lookup', new SharedCacheFailure('garbage', `${garbage} values`));
    } catch (error) {
      this.failed('lookup', error);
    }
    metrics?.sharedCacheHits.inc(found.size);
    metrics?.sharedCacheMisses.inc(keys.length - found.size);
    return found;
  }

  /** Keeps a fresh translation for the other processes; written with the others of this tick. */
  store(key: string, translation: string): void {
    this.pending.set(key, translation);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** Sends what is waiting now (also on shutdown, before the connection closes). */
  flush(): void {
    this.flushScheduled = false;
    const entries = [...this.pending];
    this.pending = new Map();
    if (entries.length === 0) return;
    const { client, ttlSeconds } = this.options;
    if (client.status !== 'ready') {
      this.failed('store', new SharedCacheFailure('unavailable'));
      return;
    }
    const pipeline = client.pipeline();
    for (const [key, translation] of entries) {
      pipeline.set(sharedCacheKey(key), VALUE_PREFIX + translation, 'EX', ttlSeconds);
    }
    pipeline.exec().then(
      (results) => {
        const error = results?.find(([commandError]) => commandError)?.[0];
        if (error) this.failed('store', error);
      },
      (error: unknown) => this.failed('store', error),
    );
  }

  private failed(operation: 'lookup' | 'store', error: unknown): void {
    const reason = error instanceof SharedCacheFailure ? error.reason : failureOf(error);
    this.options.metrics?.sharedCacheErrors.inc({ operation, reason });
    // Redis being away is logged by the connection itself.
    if (reason === 'unavailable') return;
    this.warn(
      { err: error, operation, reason },
      `shared translation cache ${operation} failed (${reason}); translating without it`,
    );
  }
}
