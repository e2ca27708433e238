/**
 * All configuration comes from environment variables, validated once at start. A bad value stops the
 * server with a message naming the variable, instead of failing later in a request.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_TEXT_CHARS } from '@sema/shared/validation';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface RateLimitConfig {
  max: number;
  windowMs: number;
  /** As written, e.g. `60/minute`. */
  raw: string;
}

export type TrustProxy = false | number | string[];

export interface Config {
  port: number;
  host: string;
  logLevel: string;
  /** The built web app; served with a history fallback when it exists. */
  webDist: string;
  maxTextChars: number;
  rateLimit: RateLimitConfig | null;
  /**
   * SEMA_TRUST_PROXY: which hops may tell the client's address in X-Forwarded-For. `false` (the
   * default) believes none, so a client cannot pick its own address for the rate limit; a number
   * trusts that many hops nearest the server; a list trusts those addresses and networks. The client
   * is then the right-most address that is not trusted. Handed to Fastify's `trustProxy`.
   */
  trustProxy: TrustProxy;
  /** Chat answers (streamed or not) one client may have running at once. */
  maxChatsPerClient: number;
  /** Document translations one client may have running at once. */
  maxDocumentsPerClient: number;
  /**
   * How long the server waits on a client: for the request headers (against clients that send them
   * slowly forever), for the whole request (a 5 MB upload on a slow phone network fits), on an idle
   * connection, between keep-alive requests, and for a streaming client to take what was sent.
   */
  timeouts: {
    headersMs: number;
    requestMs: number;
    idleMs: number;
    keepAliveMs: number;
    streamStallMs: number;
  };
  /** Seconds to wait for in-flight requests on shutdown. */
  shutdownGraceSeconds: number;
  /** REDIS_URL: where processes share the translation cache and rate-limit counters; none = per process. */
  redisUrl?: string;
  translation: {
    engine: 'nllb' | 'remote';
    nllbModel: string;
    modelCache: string;
    dtype: string;
    /** Beam width of the embedded model; 1 decodes greedily. */
    nllbBeams: number;
    /** The servers the remote engine forwards to (SEMA_TRANSLATION_URL, comma-separated). */
    remoteUrls: string[];
    remoteTimeoutMs: number;
    batchWindowMs: number;
    maxBatchSize: number;
    cacheSize: number;
    /** How long a translation stays in the shared (Redis) cache; 0 keeps translations out of Redis. */
    cacheTtlSeconds: number;
    queueLimit: number;
    hubUrl?: string;
    /** First wait before loading a failed model again; it doubles up to 15 minutes. */
    modelRetrySeconds: number;
    /** POST /api/v1/translate/batch: most texts per request. */
    batchMaxTexts: number;
    /** POST /api/v1/translate/batch: most characters over all texts of a request. */
    batchMaxChars: number;
  };
  chat: {
    provider: 'openai' | 'local' | 'none';
    baseUrl: string;
    apiKey?: string;
    model: string;
    localModel: string;
    /** CPU threads for the local model (node-llama-cpp's own default of 4 is slow on smaller machines). */
    threads: number;
    timeoutMs: number;
    maxInputChars: number;
  };
  documents: {
    maxFileBytes: number;
    maxChars: number;
  };
}

type Env = Record<string, string | undefined>;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got '${raw}')`);
  }
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got '${raw}')`);
  }
  return raw as T;
}

function url(env: Env, name: string, fallback?: string): string | undefined {
  const raw = env[name]?.trim() || fallback;
  if (raw === undefined) return undefined;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL (got '${raw}')`);
  }
  return raw.replace(/\/+$/, '');
}

/** A comma-separated list of http(s) URLs (empty when unset). */
function urlList(env: Env, name: string): string[] {
  const raw = env[name]?.trim();
  if (!raw) return [];
  return raw.split(',').map((entry) => url({ [name]: entry }, name)!);
}

/** A `redis://` or `rediss://` (TLS) URL with a host, and a database number if it names one. */
export function parseRedisUrl(raw: string | undefined): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  // The URL may hold a password: never repeat it in the message.
  const shown = text.replace(/\/\/[^@/]*@/, '//***@');
  const refuse = (why: string) =>
    new ConfigError(
      `REDIS_URL must look like redis://[:password@]host[:port][/db] or rediss://… (${why}; got '${shown}')`,
    );
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw refuse('not a URL');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw refuse('the scheme is not redis or rediss');
  if (!parsed.hostname) throw refuse('no host');
  const db = parsed.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d{1,5}$/.test(db)) throw refuse('the database must be a number');
  return text;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One address or network: an IPv4/IPv6 address, optionally with a /prefix, or a proxy-addr name. */
function isAddressOrNetwork(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * `off` (or empty: the default), a hop count such as `1`, or a comma-separated list of addresses,
 * CIDR networks and the names `loopback`, `linklocal`, `uniquelocal`.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const text = raw?.trim().toLowerCase();
  if (!text || text === 'off' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new ConfigError(`SEMA_TRUST_PROXY hop count must be at most 32 (got '${raw}')`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrNetwork(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `SEMA_TRUST_PROXY must be off, a hop count, or addresses/networks such as 10.0.0.0/8,loopback (got '${bad || raw}')`,
    );
  }
  return entries;
}

const WINDOWS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** `60/minute`, `10/second`, `1000/hour`, `5000/day`; empty or `off` means no limit. */
export function parseRateLimit(raw: string | undefined): RateLimitConfig | null {
  const text = raw?.trim().toLowerCase();
  if (!text || text === 'off' || text === '0') return null;
  const match = /^(\d+)\s*\/\s*(second|minute|hour|day)s?$/.exec(text);
  const max = match ? Number(match[1]) : 0;
  if (!match || max < 1) {
    throw new ConfigError(
      `SEMA_RATE_LIMIT must look like 60/minute (requests per second, minute, hour or day); got '${raw}'`,
    );
  }
  return { max, windowMs: WINDOWS[match[2]!]!, raw: `${max}/${match[2]}` };
}

export function loadConfig(env: Env = process.env): Config {
  const apiKey = env.SEMA_CHAT_API_KEY?.trim() || env.HF_TOKEN?.trim() || undefined;
  const chatBaseUrl = url(env, 'SEMA_CHAT_BASE_URL', 'https://router.huggingface.co/v1')!;
  const defaultProvider = apiKey || env.SEMA_CHAT_BASE_URL?.trim() ? 'openai' : 'local';
  const engine = oneOf(env, 'SEMA_TRANSLATION_ENGINE', ['nllb', 'remote'] as const, 'nllb');
  const remoteUrls = urlList(env, 'SEMA_TRANSLATION_URL');
  if (engine === 'remote' && remoteUrls.length === 0) {
    throw new ConfigError(
      'SEMA_TRANSLATION_ENGINE=remote needs SEMA_TRANSLATION_URL (the base URL of another Sema API)',
    );
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    logLevel: oneOf(
      env,
      'SEMA_LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    webDist: path.resolve(env.SEMA_WEB_DIST?.trim() || path.join(repoRoot, 'apps/web/dist')),
    maxTextChars: integer(env, 'SEMA_MAX_TEXT_CHARS', MAX_TEXT_CHARS, 1, 1_000_000),
    rateLimit: parseRateLimit(env.SEMA_RATE_LIMIT),
    trustProxy: parseTrustProxy(env.SEMA_TRUST_PROXY),
    shutdownGraceSeconds: integer(env, 'SEMA_SHUTDOWN_GRACE_SECONDS', 10, 0, 600),
    maxChatsPerClient: integer(env, 'SEMA_MAX_CHATS_PER_CLIENT', 3, 1, 10_000),
    maxDocumentsPerClient: integer(env, 'SEMA_MAX_DOCUMENTS_PER_CLIENT', 2, 1, 10_000),
    timeouts: {
      headersMs: integer(env, 'SEMA_HEADERS_TIMEOUT_MS', 20_000, 100, 600_000),
      requestMs: integer(env, 'SEMA_REQUEST_TIMEOUT_MS', 120_000, 100, 3_600_000),
      idleMs: integer(env, 'SEMA_IDLE_TIMEOUT_MS', 300_000, 100, 3_600_000),
      keepAliveMs: integer(env, 'SEMA_KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 3_600_000),
      streamStallMs: integer(env, 'SEMA_STREAM_STALL_MS', 60_000, 100, 3_600_000),
    },
    redisUrl: parseRedisUrl(env.REDIS_URL),
    translation: {
      engine,
      nllbModel: env.SEMA_NLLB_MODEL?.trim() || 'Xenova/nllb-200-distilled-600M',
      modelCache: path.resolve(env.SEMA_MODEL_CACHE?.trim() || path.join(os.homedir(), '.cache', 'sema')),
      dtype: oneOf(
        env,
        'SEMA_NLLB_DTYPE',
        ['q8', 'fp32', 'fp16', 'int8', 'uint8', 'q4', 'bnb4', 'q4f16'] as const,
        'q8',
      ),
      nllbBeams: integer(env, 'SEMA_NLLB_BEAMS', 1, 1, 8),
      remoteUrls,
      remoteTimeoutMs: integer(env, 'SEMA_TRANSLATION_TIMEOUT_MS', 60_000, 100, 3_600_000),
      modelRetrySeconds: integer(env, 'SEMA_MODEL_RETRY_SECONDS', 30, 1, 3600),
      batchWindowMs: integer(env, 'SEMA_BATCH_WINDOW_MS', 5, 0, 1000),
      maxBatchSize: integer(env, 'SEMA_MAX_BATCH_SIZE', 16, 1, 256),
      cacheSize: integer(env, 'SEMA_TRANSLATION_CACHE_SIZE', 10_000, 0, 10_000_000),
      cacheTtlSeconds: integer(env, 'SEMA_TRANSLATION_CACHE_TTL_SECONDS', 7 * 86_400, 0, 365 * 86_400),
      queueLimit: integer(env, 'SEMA_QUEUE_LIMIT', 256, 1, 100_000),
      hubUrl: url(env, 'SEMA_HUB_URL'),
      batchMaxTexts: integer(env, 'SEMA_BATCH_MAX_TEXTS', 50, 1, 10_000),
      batchMaxChars: integer(env, 'SEMA_BATCH_MAX_CHARS', 20_000, 1, 10_000_000),
    },
    chat: {
      provider: oneOf(env, 'SEMA_CHAT_PROVIDER', ['openai', 'local', 'none'] as const, defaultProvider),
      baseUrl: chatBaseUrl,
      apiKey,
      model: env.SEMA_CHAT_MODEL?.trim() || 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B',
      localModel:
        env.SEMA_CHAT_LOCAL_MODEL?.trim() ||
        'hf:Qwen/Qwen2.5-0.5B-Instruct-GGUF/qwen2.5-0.5b-instruct-q4_k_m.gguf',
      threads: integer(env, 'SEMA_CHAT_THREADS', os.availableParallelism(), 1, 1024),
      timeoutMs: integer(env, 'SEMA_CHAT_TIMEOUT_MS', 120_000, 100, 3_600_000),
      maxInputChars: integer(env, 'SEMA_CHAT_MAX_INPUT_CHARS', 32_000, 100, 10_000_000),
    },
    documents: {
      maxFileBytes: integer(env, 'SEMA_DOC_MAX_BYTES', 5 * 1024 * 1024, 1, 1024 * 1024 * 1024),
      maxChars: integer(env, 'SEMA_DOC_MAX_CHARS', 100_000, 1, 100_000_000),
    },
  };
}
