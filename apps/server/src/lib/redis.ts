/**
 * The one Redis connection of a server process (REDIS_URL), shared by the translation cache and the
 * rate limit. Redis only ever helps: a command while it is down fails at once instead of queueing,
 * a slow one gives up after a short timeout, and the connection keeps trying again by itself.
 */
import { Redis } from 'ioredis';
import { throttledWarning } from './throttled-warning.ts';

export type RedisState = 'off' | 'connecting' | 'ready' | 'unavailable';

export interface RedisStatus {
  state: RedisState;
  /** Why it is not ready (never the URL: it may hold a password). */
  detail?: string;
}

export interface RedisLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RedisConnectionOptions {
  url: string;
  log: RedisLog;
  /**
   * Longest wait for any reply (the translation cache sets a shorter one of its own). Every API
   * request may wait for Redis through the rate limit, so a hung Redis must cost little; but a
   * loaded server's event loop can be late by tens of milliseconds, and a reply that is already
   * there must not read as a timeout (which would let the request past the limit).
   */
  commandTimeoutMs?: number;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

/** Words for an operator, without the host or port (/status is public). */
export function describeRedisError(error: Error & { code?: string }): string {
  const code = error.code ?? '';
  const message = error.message ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ETIMEDOUT' || /connect ETIMEDOUT/.test(message)) return 'connection timed out';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection lost';
  if (/WRONGPASS|NOAUTH|\bAUTH\b/.test(message)) return 'authentication failed';
  if (/SSL|TLS|CERT/i.test(code) || /SSL|TLS|certificate/i.test(message)) return 'TLS handshake failed';
  return code ? `connection failed (${code})` : 'connection failed';
}

export class RedisConnection {
  readonly client: Redis;
  /** Why the last attempt failed; cleared once Redis answers again. */
  private lastProblem: string | undefined;
  private closed = false;

  constructor(options: RedisConnectionOptions) {
    const { log } = options;
    const warn = throttledWarning(log);
    this.client = new Redis(options.url, {
      // Queued commands would hold requests until Redis is back: fail them now instead.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    });
    this.client.on('ready', () => {
      if (this.lastProblem)
        log.info({}, 'Redis is reachable again: the cache and rate-limit counters are shared');
      this.lastProblem = undefined;
    });
    // Without a listener an 'error' event would crash the process; every reconnect attempt emits one.
    this.client.on('error', (error: Error & { code?: string }) => {
      this.lastProblem = describeRedisError(error);
      warn({ err: error }, `Redis unavailable (${this.lastProblem}); carrying on without it and retrying`);
    });
    this.client.on('close', () => {
      if (!this.closed) this.lastProblem ??= 'connection lost';
    });
  }

  get ready(): boolean {
    return this.client.status === 'ready';
  }

  status(): RedisStatus {
    if (this.ready) return { state: 'ready' };
    if (this.lastProblem) return { state: 'unavailable', detail: this.lastProblem };
    return { state: 'connecting' };
  }

  /** Resolves once Redis answered or the first attempt failed, or after `timeoutMs`: never rejects. */
  settled(timeoutMs: number): Promise<void> {
    if (this.ready || this.lastProblem) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        this.client.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.client.once('ready', done);
      this.client.once('error', done);
    });
  }

  /** Lets replies still on their way arrive, then closes; gives up at once when Redis is down. */
  async close(): Promise<void> {
    this.closed = true;
    try {
      await this.client.quit();
    } catch {
      // Not connected (or too slow to say goodbye): stop reconnecting, nothing is left to wait for.
    }
    this.client.disconnect();
  }
}
