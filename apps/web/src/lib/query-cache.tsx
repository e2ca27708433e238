/**
 * The app's one client cache: what the server answered, by key, shared by every component and call
 * that asks for it, written for the home route's size budget (TanStack Query weighed 11 kB gzipped
 * there). What it does, exactly:
 *
 * - A query is a `QueryDefinition`: a key (segments, e.g. `['translation', hash, 'auto', 'fra_Latn']`),
 *   the function that fetches it, and how long its result stays fresh (`freshFor`; the cache's default
 *   otherwise: 5 minutes, 30 for the app's cache).
 * - `useCachedQuery` shows a query: it is fetched when missing, failed or no longer fresh, once however
 *   many components ask; a failure is tried again `retry` times (after 1 s, 2 s, …); `poll` fetches it
 *   again on a timer while the tab is visible; a query on screen that failed or went stale is fetched
 *   again when the network returns. A query is tried even while the browser says it is offline: the
 *   service worker may answer. It is never refetched on focus.
 * - `fetchQuery` is the same cache for a call: a fresh result at once, otherwise one fetch with the
 *   caller's signal (not shared, not retried) whose result is kept.
 * - `invalidate(key)` marks stale every query whose key starts with the segments of `key` (whole
 *   segments: `['lang']` is not a prefix of `['languages']`) and fetches those on screen again. A fetch
 *   that began before the invalidation does not answer it: its result is not kept, and one more fetch
 *   follows (the data it read may predate the change that invalidated it).
 * - A definition with `storage: 'local' | 'session'` is also kept in that browser storage, under
 *   `sema_cache_` and its segments joined by `_`, as `{ data, timestamp, ttl, version }`; an entry of
 *   another version or past its time to live is dropped when read. For the keys given as `keepExpired`
 *   an expired entry stays: when a fetch fails, it is shown instead of the failure.
 * - Memory holds at most `maxMemoryEntries` results (the oldest not on screen go first), and
 *   `startSweep` drops expired results from memory and storage every five minutes.
 */
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';

/** A query's key: its segments, compared one by one. */
export type QueryKey = readonly (string | number)[];

export interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
  status: 'pending' | 'success' | 'error';
  /** When the data came (ms since the epoch), 0 for never. */
  dataUpdatedAt: number;
}

export interface QueryDefinition<T> {
  key: QueryKey;
  fetch: (context: { signal: AbortSignal }) => Promise<T>;
  /** How long a result counts as fresh, in ms (Infinity: until invalidated). */
  freshFor?: number;
  /** Also kept in this browser storage, so it outlives the page (local) or survives a reload (session). */
  storage?: 'local' | 'session';
  /** How often `useCachedQuery` tries a failed fetch again; the cache's default otherwise. */
  retry?: number;
  /** While shown, fetched again after this many ms (false: not), asked after each change of state. */
  poll?: (state: QueryState<T>) => number | false;
}

export const CACHE_VERSION = '1.0.0';
export const CACHE_PREFIX = 'sema_cache_';
const MINUTE = 60_000;
export const DEFAULT_FRESH_MS = 5 * MINUTE;
export const SWEEP_INTERVAL_MS = 5 * MINUTE;

interface StoredEntry {
  data: unknown;
  /** When it was stored, in ms since the epoch. */
  timestamp: number;
  /** Time to live, in ms. */
  ttl: number;
  version: string;
}

export interface QueryCacheOptions {
  defaultFreshMs?: number;
  maxMemoryEntries?: number;
  /** Retries of a failed fetch shown by `useCachedQuery` (default 3). */
  retry?: number;
  /** Keys whose expired stored entries are kept, to be shown when a refresh fails. */
  keepExpired?: readonly QueryKey[];
  now?: () => number;
  /** Injected so tests and private browsing (where storage throws) behave the same. */
  localStorage?: Storage | null;
  sessionStorage?: Storage | null;
}

const hashKey = (key: QueryKey) => JSON.stringify(key);
export const storageKey = (key: QueryKey) => CACHE_PREFIX + key.join('_');
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.length <= key.length && prefix.every((segment, index) => segment === key[index]);

function browserStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null; // Some browsers throw on access when storage is disabled.
  }
}

function parseEntry(raw: string | null): StoredEntry | undefined {
  if (raw === null) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<StoredEntry> | null;
    return value &&
      typeof value.timestamp === 'number' &&
      typeof value.ttl === 'number' &&
      'data' in value &&
      value.version === CACHE_VERSION
      ? (value as StoredEntry)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The same object when the new data equals the old, so components keyed on it do not redo work. */
function share<T>(previous: T | undefined, next: T): T {
  return previous !== undefined && JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
}

class Query<T> {
  state: QueryState<T> = { data: undefined, error: null, status: 'pending', dataUpdatedAt: 0 };
  observers = 0;
  inFlight: Promise<void> | null = null;
  /** An expired stored result, shown when a fetch fails. */
  fallback: T | undefined;
  private invalidated = false;
  /** Counts invalidations, so a fetch can tell whether one came while it ran. */
  generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    public definition: QueryDefinition<T>,
    private readonly cache: QueryCache,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  setState(next: Partial<QueryState<T>>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  setData(data: T, at = this.cache.now()) {
    this.invalidated = false;
    this.setState({ data: share(this.state.data, data), error: null, status: 'success', dataUpdatedAt: at });
  }

  freshFor(): number {
    return this.definition.freshFor ?? this.cache.defaultFreshMs;
  }

  isStale(): boolean {
    const { data, dataUpdatedAt } = this.state;
    return this.invalidated || data === undefined || this.cache.now() - dataUpdatedAt > this.freshFor();
  }

  /** A component shows this query: fetched when missing, failed or stale (once, however many ask). */
  observe(): () => void {
    this.observers += 1;
    if (this.isStale()) void this.fetch();
    return () => {
      this.observers -= 1;
    };
  }

  invalidate(): Promise<void> {
    this.invalidated = true;
    this.generation += 1;
    return this.observers > 0 ? this.fetch() : Promise.resolve();
  }

  /**
   * Fetches, or joins the fetch under way; never rejects (the error is in the state). It settles
   * once a fetch that began after the last invalidation has answered.
   */
  fetch(): Promise<void> {
    this.inFlight ??= this.runUntilCurrent().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async runUntilCurrent() {
    while (!(await this.run()));
  }

  /** One fetch with its retries; false when an invalidation came meanwhile (nothing was kept). */
  private async run(): Promise<boolean> {
    const generation = this.generation;
    if (this.state.data === undefined) this.setState({ status: 'pending', error: null });
    const retries = this.definition.retry ?? this.cache.retry;
    for (let attempt = 0; ; attempt++) {
      try {
        const data = await this.definition.fetch({ signal: new AbortController().signal });
        if (generation !== this.generation) return false;
        this.cache.store(this, data);
        return true;
      } catch (error) {
        if (generation !== this.generation) return false;
        if (this.fallback !== undefined) {
          this.setData(this.fallback);
          return true;
        }
        if (attempt >= retries) {
          this.setState({
            status: 'error',
            error: error instanceof Error ? error : new Error(String(error)),
          });
          return true;
        }
        await delay(Math.min(1000 * 2 ** attempt, 30_000));
      }
    }
  }
}

export class QueryCache {
  readonly defaultFreshMs: number;
  readonly retry: number;
  readonly now: () => number;
  private readonly queries = new Map<string, Query<unknown>>();
  private readonly maxMemoryEntries: number;
  private readonly keepExpired: ReadonlySet<string>;
  private readonly stores: Record<'local' | 'session', Storage | null>;

  constructor(options: QueryCacheOptions = {}) {
    this.defaultFreshMs = options.defaultFreshMs ?? DEFAULT_FRESH_MS;
    this.maxMemoryEntries = options.maxMemoryEntries ?? Number.POSITIVE_INFINITY;
    this.retry = options.retry ?? 3;
    this.now = options.now ?? Date.now;
    this.keepExpired = new Set((options.keepExpired ?? []).map(storageKey));
    this.stores = {
      local: options.localStorage === undefined ? browserStorage('localStorage') : options.localStorage,
      session:
        options.sessionStorage === undefined ? browserStorage('sessionStorage') : options.sessionStorage,
    };
  }

  /** The query for this definition, created on first use (from storage if kept there); it takes the latest definition. */
  query<T>(definition: QueryDefinition<T>): Query<T> {
    const hash = hashKey(definition.key);
    let query = this.queries.get(hash) as Query<T> | undefined;
    if (query) {
      query.definition = definition;
      return query;
    }
    query = new Query(definition, this);
    if (definition.storage) this.load(query, definition.storage);
    this.queries.set(hash, query as Query<unknown>);
    this.evict();
    return query;
  }

  /** Keeps a fetched result: in memory, and in the definition's storage. */
  store<T>(query: Query<T>, data: T) {
    query.setData(data);
    query.fallback = undefined;
    // The newest entry goes to the end of the Map's order, so eviction takes the oldest first.
    const hash = hashKey(query.definition.key);
    this.queries.delete(hash);
    this.queries.set(hash, query as Query<unknown>);
    const storage = query.definition.storage;
    if (storage) {
      const entry: StoredEntry = {
        data,
        timestamp: query.state.dataUpdatedAt,
        ttl: query.freshFor(),
        version: CACHE_VERSION,
      };
      try {
        this.stores[storage]?.setItem(storageKey(query.definition.key), JSON.stringify(entry));
      } catch {
        // A full or disabled storage only costs a fetch later.
      }
    }
    this.evict();
  }

  /** The fresh result, or one fetch with the caller's signal (not shared, not retried), kept. */
  async fetchQuery<T>(definition: QueryDefinition<T>, signal?: AbortSignal): Promise<T> {
    const query = this.query(definition);
    if (!query.isStale()) return query.state.data as T;
    const generation = query.generation;
    try {
      const data = await definition.fetch({ signal: signal ?? new AbortController().signal });
      // Invalidated meanwhile: the caller gets what it asked for, the cache keeps nothing that old.
      if (generation === query.generation) this.store(query, data);
      return data;
    } catch (error) {
      if (query.fallback === undefined) throw error;
      query.setData(query.fallback);
      return query.fallback;
    }
  }

  /** Sets a query's result as if fetched now (tests; what is shown before the first fetch). */
  setData<T>(key: QueryKey, data: T) {
    this.query<T>({ key, fetch: () => Promise.resolve(data) }).setData(data);
  }

  /** Marks stale every query whose key starts with these whole segments; those on screen are fetched again. */
  invalidate(key: QueryKey): Promise<void> {
    const matching = [...this.queries.values()].filter((query) => startsWith(query.definition.key, key));
    return Promise.all(matching.map((query) => query.invalidate())).then(() => undefined);
  }

  /** When the connection returns, the queries on screen that failed or went stale are fetched again. */
  watchNetwork(): () => void {
    const onOnline = () => {
      for (const query of this.queries.values())
        if (query.observers > 0 && (query.state.status === 'error' || query.isStale())) void query.fetch();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }

  /** Drops expired results not on screen from memory, and expired or other-version entries from storage; returns how many. */
  sweep(): number {
    let removed = 0;
    for (const [hash, query] of this.queries) {
      const expired = query.state.status !== 'pending' && query.isStale();
      if (expired && query.observers === 0 && !query.inFlight) {
        this.queries.delete(hash);
        removed += 1;
      }
    }
    for (const store of [this.stores.local, this.stores.session]) {
      if (!store) continue;
      for (const name of this.storedNames(store)) {
        const entry = parseEntry(store.getItem(name));
        const expired = entry && this.now() - entry.timestamp > entry.ttl;
        if (!entry || (expired && !this.keepExpired.has(name))) {
          store.removeItem(name);
          removed += 1;
        }
      }
    }
    return removed;
  }

  /** Sweeps every `intervalMs`; returns the function that stops it. */
  startSweep(intervalMs: number = SWEEP_INTERVAL_MS): () => void {
    const timer = setInterval(() => this.sweep(), intervalMs);
    return () => clearInterval(timer);
  }

  /** How many results memory holds. */
  get memorySize(): number {
    return this.queries.size;
  }

  /** A stored entry of this version: fresh, it is the query's result; expired, the fallback of a kept key. */
  private load<T>(query: Query<T>, storage: 'local' | 'session') {
    const name = storageKey(query.definition.key);
    const store = this.stores[storage];
    let raw: string | null = null;
    try {
      raw = store?.getItem(name) ?? null;
    } catch {
      return;
    }
    if (raw === null) return;
    const entry = parseEntry(raw);
    if (entry && this.now() - entry.timestamp <= entry.ttl) {
      query.setData(entry.data as T, entry.timestamp);
      return;
    }
    if (entry && this.keepExpired.has(name)) {
      query.fallback = entry.data as T;
      return;
    }
    try {
      store?.removeItem(name); // Unreadable, of another version, or expired: discard it.
    } catch {
      // Nothing to remove from a storage we cannot use.
    }
  }

  /** Beyond the limit, the oldest results not on screen and not being fetched leave memory. */
  private evict() {
    if (this.queries.size <= this.maxMemoryEntries) return;
    for (const [hash, query] of this.queries) {
      if (this.queries.size <= this.maxMemoryEntries) return;
      if (query.observers === 0 && !query.inFlight) this.queries.delete(hash);
    }
  }

  private storedNames(store: Storage): string[] {
    const names: string[] = [];
    try {
      for (let index = 0; index < store.length; index += 1) {
        const name = store.key(index);
        if (name?.startsWith(CACHE_PREFIX)) names.push(name);
      }
    } catch {
      // Storage became unusable: nothing to sweep.
    }
    return names;
  }
}

/**
 * The app's cache: results fresh for 30 minutes unless their query says otherwise, at most 200 in
 * memory, a failed fetch tried once more, and the language list kept past its time as the fallback
 * when a refresh fails.
 */
export const createAppQueryCache = () =>
  new QueryCache({
    defaultFreshMs: 30 * MINUTE,
    maxMemoryEntries: 200,
    retry: 1,
    keepExpired: [['languages']],
  });

/** The app's one instance: the provider gives it to components, and calls use it directly. */
export const appQueryCache = createAppQueryCache();

/** Types a query's definition where it is declared. */
export const defineQuery = <T,>(definition: QueryDefinition<T>): QueryDefinition<T> => definition;

const QueryCacheContext = createContext<QueryCache | null>(null);

/** Gives the components below the cache; it fetches again what failed when the network returns. */
export function QueryCacheProvider({ cache, children }: { cache: QueryCache; children: ReactNode }) {
  useEffect(() => cache.watchNetwork(), [cache]);
  return <QueryCacheContext value={cache}>{children}</QueryCacheContext>;
}

export function useQueryCache(): QueryCache {
  const cache = useContext(QueryCacheContext);
  if (!cache) throw new Error('useQueryCache needs a <QueryCacheProvider>');
  return cache;
}

export interface CachedQueryResult<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<void>;
}

/** Shows a query: its current state, fetched as the module's comment says; `enabled: false` only reads it. */
export function useCachedQuery<T>(
  definition: QueryDefinition<T>,
  { enabled = true }: { enabled?: boolean } = {},
): CachedQueryResult<T> {
  const query = useQueryCache().query(definition);
  const state = useSyncExternalStore(query.subscribe, query.getState, query.getState);

  useEffect(() => (enabled ? query.observe() : undefined), [query, enabled]);

  const interval = query.definition.poll?.(state) ?? false;
  useEffect(() => {
    if (!enabled || !interval) return;
    // Restarted on every change of the query's state; not while the tab is hidden.
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void query.fetch();
    }, interval);
    return () => clearInterval(timer);
  }, [query, enabled, interval, state]);

  return useMemo(
    () => ({
      data: state.data,
      error: state.error,
      isPending: state.status === 'pending',
      isError: state.status === 'error',
      refetch: () => query.fetch(),
    }),
    [state, query],
  );
}
