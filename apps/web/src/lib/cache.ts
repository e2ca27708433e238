import { hashText } from './hash-text';

/**
 * The client cache: entries `{ data, timestamp, ttl, version }`, a version check,
 * a time-to-live and a storage per kind of data, at most N entries in memory (oldest evicted first)
 * and a sweep of expired entries every five minutes.
 */
export const CACHE_VERSION = '1.0.0';
export const CACHE_PREFIX = 'sema_cache_';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type CacheStorage = 'memory' | 'local' | 'session';

export interface CacheEntry<T> {
  data: T;
  /** When it was stored, in ms since the epoch. */
  timestamp: number;
  /** Time to live, in ms. */
  ttl: number;
  version: string;
}

export interface CacheKind {
  ttlMs: number;
  storage: CacheStorage;
}

/** Time to live and storage per kind of data. */
export const CACHE_KINDS = {
  languages: { ttlMs: 24 * HOUR, storage: 'local' },
  translation: { ttlMs: HOUR, storage: 'session' },
  detection: { ttlMs: 30 * MINUTE, storage: 'session' },
  status: { ttlMs: 5 * MINUTE, storage: 'memory' },
} as const satisfies Record<string, CacheKind>;

export const DEFAULT_TTL_MS = 5 * MINUTE;
export const CLEANUP_INTERVAL_MS = 5 * MINUTE;

export interface CacheOptions {
  defaultTtlMs?: number;
  maxMemoryItems?: number;
  now?: () => number;
  /** Injected so tests and private browsing (where storage throws) behave the same. */
  localStorage?: Storage | null;
  sessionStorage?: Storage | null;
  /**
   * Persistent keys whose expired entries are kept by the sweep: they are the fallback used when a
   * refresh fails ("If a refresh fails, the cached data is used").
   */
  keepExpired?: readonly string[];
}

function browserStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null; // Some browsers throw on access when storage is disabled.
  }
}

function isEntry(value: unknown): value is CacheEntry<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.timestamp === 'number' && typeof entry.ttl === 'number' && 'data' in entry;
}

export class Cache {
  private readonly memory = new Map<string, CacheEntry<unknown>>();
  private readonly defaultTtlMs: number;
  private readonly maxMemoryItems: number;
  private readonly now: () => number;
  private readonly stores: Record<Exclude<CacheStorage, 'memory'>, Storage | null>;
  private readonly keepExpired: ReadonlySet<string>;

  constructor(options: CacheOptions = {}) {
    this.defaultTtlMs = options.defaultTtlMs ?? DEFAULT_TTL_MS;
    this.maxMemoryItems = options.maxMemoryItems ?? Number.POSITIVE_INFINITY;
    this.now = options.now ?? Date.now;
    this.stores = {
      local: options.localStorage === undefined ? browserStorage('localStorage') : options.localStorage,
      session:
        options.sessionStorage === undefined ? browserStorage('sessionStorage') : options.sessionStorage,
    };
    this.keepExpired = new Set(options.keepExpired ?? []);
  }

  set<T>(
    key: string,
    data: T,
    { ttlMs, storage = 'memory' }: { ttlMs?: number; storage?: CacheStorage } = {},
  ): void {
    const entry: CacheEntry<T> = {
      data,
      timestamp: this.now(),
      ttl: ttlMs ?? this.defaultTtlMs,
      version: CACHE_VERSION,
    };
    if (storage === 'memory') {
      this.memory.delete(key); // Re-inserting moves the key to the newest end of the Map's order.
      this.memory.set(key, entry);
      while (this.memory.size > this.maxMemoryItems) {
        const oldest = this.memory.keys().next().value as string;
        this.memory.delete(oldest);
      }
      return;
    }
    try {
      this.stores[storage]?.setItem(CACHE_PREFIX + key, JSON.stringify(entry));
    } catch {
      // A full or disabled storage only costs a cache miss later.
    }
  }

  /** The data if present, of this version and not expired; anything else is removed and missed. */
  get<T>(key: string, storage: CacheStorage = 'memory'): T | undefined {
    const entry = this.read(key, storage);
    if (!entry) return undefined;
    if (this.isExpired(entry)) {
      if (!(storage !== 'memory' && this.keepExpired.has(key))) this.delete(key, storage);
      return undefined;
    }
    return entry.data as T;
  }

  /** The data even if expired (same version only): the fallback when a refresh fails. */
  getStale<T>(key: string, storage: CacheStorage = 'memory'): T | undefined {
    return this.read(key, storage)?.data as T | undefined;
  }

  delete(key: string, storage: CacheStorage = 'memory'): void {
    if (storage === 'memory') {
      this.memory.delete(key);
      return;
    }
    try {
      this.stores[storage]?.removeItem(CACHE_PREFIX + key);
    } catch {
      // Nothing to remove from a storage we cannot use.
    }
  }

  /** Empties memory and every persistent entry carrying the prefix. */
  clear(): void {
    this.memory.clear();
    for (const store of this.persistentStores()) {
      for (const key of this.prefixedKeys(store)) store.removeItem(key);
    }
  }

  /** Removes expired and other-version entries everywhere; returns how many went. */
  cleanup(): number {
    let removed = 0;
    for (const [key, entry] of this.memory) {
      if (this.isExpired(entry)) {
        this.memory.delete(key);
        removed += 1;
      }
    }
    for (const store of this.persistentStores()) {
      for (const storedKey of this.prefixedKeys(store)) {
        const entry = this.parse(store.getItem(storedKey));
        const key = storedKey.slice(CACHE_PREFIX.length);
        const stale = !entry || (this.isExpired(entry) && !this.keepExpired.has(key));
        if (stale) {
          store.removeItem(storedKey);
          removed += 1;
        }
      }
    }
    return removed;
  }

  /** Sweeps every `intervalMs`; returns the function that stops it. */
  startCleanup(intervalMs: number = CLEANUP_INTERVAL_MS): () => void {
    const timer = setInterval(() => this.cleanup(), intervalMs);
    return () => clearInterval(timer);
  }

  get memorySize(): number {
    return this.memory.size;
  }

  private isExpired(entry: CacheEntry<unknown>): boolean {
    return this.now() - entry.timestamp > entry.ttl;
  }

  private read(key: string, storage: CacheStorage): CacheEntry<unknown> | undefined {
    if (storage === 'memory') return this.memory.get(key);
    const store = this.stores[storage];
    let raw: string | null = null;
    try {
      raw = store?.getItem(CACHE_PREFIX + key) ?? null;
    } catch {
      return undefined;
    }
    if (raw === null) return undefined;
    const entry = this.parse(raw);
    if (!entry) this.delete(key, storage); // Unreadable or from another version: discard it.
    return entry;
  }

  private parse(raw: string | null): CacheEntry<unknown> | undefined {
    if (raw === null) return undefined;
    try {
      const value: unknown = JSON.parse(raw);
      return isEntry(value) && value.version === CACHE_VERSION ? value : undefined;
    } catch {
      return undefined;
    }
  }

  private persistentStores(): Storage[] {
    return [this.stores.local, this.stores.session].filter((store): store is Storage => store !== null);
  }

  private prefixedKeys(store: Storage): string[] {
    const keys: string[] = [];
    try {
      for (let index = 0; index < store.length; index += 1) {
        const key = store.key(index);
        if (key?.startsWith(CACHE_PREFIX)) keys.push(key);
      }
    } catch {
      // Storage became unusable: nothing to sweep.
    }
    return keys;
  }
}

/** Cache keys per kind; text is hashed so long inputs make short keys. */
export const cacheKeys = {
  languages: () => 'languages',
  translation: (text: string, targetLanguage: string, sourceLanguage = 'auto') =>
    `translation_${hashText(text)}_${sourceLanguage}_${targetLanguage}`,
  detection: (text: string) => `detection_${hashText(text)}`,
  status: () => 'status',
};

/** The product's cache instance: 30 minutes by default, 200 entries in memory. */
export const appCache = new Cache({
  defaultTtlMs: 30 * MINUTE,
  maxMemoryItems: 200,
  keepExpired: [cacheKeys.languages()],
});

/** Reads and writes one kind of data with that kind's time to live and storage. */
export function cachedValue<T>(kind: CacheKind, key: string) {
  return {
    get: () => appCache.get<T>(key, kind.storage),
    getStale: () => appCache.getStale<T>(key, kind.storage),
    set: (data: T) => appCache.set(key, data, { ttlMs: kind.ttlMs, storage: kind.storage }),
    delete: () => appCache.delete(key, kind.storage),
  };
}
