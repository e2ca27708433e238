/**
 * Parsers for the configuration values that are more than a number, a word or a URL: the Redis URL,
 * the trusted proxies and the rate limit. Each throws a ConfigError naming its variable.
 */
import net from 'node:net';
import { resolveLanguageCode } from '@sema/shared/languages/codes';
import { ConfigError } from './fields.ts';

export interface RateLimitConfig {
  max: number;
  windowMs: number;
  /** As written, e.g. `60/minute`. */
  raw: string;
}

export type TrustProxy = false | number | string[];

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
  // Refused like SEMA_SESSION_SECRET's: a Redis left with the deploy files' password is open to
  // anyone who has read them (deploy/k8s/secret.yaml).
  if (/^replace[-_ ]?with/i.test(decodeURIComponent(parsed.password))) {
    throw new ConfigError(
      "REDIS_URL's password is still the placeholder of the deploy files: set REDIS_PASSWORD to a random value (openssl rand -hex 24)",
    );
  }
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

/** One API key and its monthly allowance of characters (null: no limit). */
export interface ApiKeyConfig {
  key: string;
  monthlyChars: number | null;
}

const KEY_ENTRY = /^([A-Za-z0-9._~+/=-]{8,200})(?::(\d+)([km]?))?$/i;

/**
 * API keys as `key[:limit]` entries — separated by commas or newlines, `#` starting a comment — where
 * a limit is characters per calendar month (`500000`, `500k`, `2m`).
 */
export function parseApiKeys(raw: string, name: string): ApiKeyConfig[] {
  const entries = raw
    .split(/[\n,]/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const match = KEY_ENTRY.exec(entry.replace(/\s+/g, ''));
    if (!match) {
      throw new ConfigError(
        `${name}: entry ${index + 1} must look like key or key:limit (a key of 8 to 200 letters, digits or ._~+/=-, a limit of characters per month such as 500000, 500k or 2m)`,
      );
    }
    const [, key = '', amount, unit = ''] = match;
    if (seen.has(key)) throw new ConfigError(`${name}: entry ${index + 1} repeats a key`);
    seen.add(key);
    const factor = { '': 1, k: 1_000, m: 1_000_000 }[unit.toLowerCase()] ?? 1;
    return { key, monthlyChars: amount === undefined ? null : Number(amount) * factor };
  });
}

/** A chat model given as `hf:user/repo/file.gguf`, `huggingface:…`, `hf.co/…` or an http(s) URL. */
export function isModelUri(value: string): boolean {
  return /^(hf:|huggingface:|hf\.co\/|huggingface\.co\/|https?:\/\/)/i.test(value);
}

/**
 * `SEMA_LANGUAGES`: the languages a server limits itself to, comma-separated catalogue codes or
 * tags (`eng_Latn,fr,sw`), read into catalogue codes; a code the catalogue does not know is refused
 * at start, named. Empty: no limit.
 */
export function parseLanguageLimit(raw: string, name: string): string[] {
  const codes = new Set<string>();
  for (const entry of raw.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const language = resolveLanguageCode(entry);
    if (!language) {
      throw new ConfigError(
        `${name}: '${entry}' is not a language Sema offers (catalogue codes such as eng_Latn, or tags such as en; see docs/language-codes.md)`,
      );
    }
    codes.add(language.code);
  }
  if (codes.size === 1) {
    throw new ConfigError(
      `${name} names one language (${[...codes][0]}): a server translates between at least two`,
    );
  }
  return [...codes];
}
