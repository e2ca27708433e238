/**
 * The part of TanStack Query the app uses, with its names, in about a tenth of its size (TanStack
 * Query weighed 11 kB gzipped on the home route): a client that shares each query's result between
 * the components that read it, fetches it once at a time, retries a failure, refetches when stale on
 * mount, on an interval, when invalidated and when the network returns; and mutations.
 *
 * One difference: a query is always tried, even while the browser says it is offline (TanStack's
 * `networkMode: 'always'`), since the app's fetchers answer from their caches and the service
 * worker; a query that failed is tried again when the connection returns.
 */
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';

import { useLatest } from '@/hooks/use-latest';

type QueryKey = readonly unknown[];

interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
  status: 'pending' | 'success' | 'error';
  /** When the data came (ms since the epoch), 0 for never. */
  dataUpdatedAt: number;
}

interface QueryDefaults {
  /** How often a failed fetch is tried again (after 1 s, then 2 s, …), or false for never. */
  retry?: number | false;
  /** How long a result counts as fresh: a component mounting after that fetches it again. */
  staleTime?: number;
  /** Accepted for TanStack compatibility: this client never refetches on focus. */
  refetchOnWindowFocus?: false;
}

export interface QueryOptions<T> extends QueryDefaults {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  enabled?: boolean;
  /** Accepted for TanStack compatibility: results are kept for the page's life. */
  gcTime?: number;
  /** Accepted for TanStack compatibility: see the module's comment. */
  networkMode?: 'always';
  refetchInterval?: number | false | ((query: { state: QueryState<T> }) => number | false);
}

const hashKey = (key: QueryKey) => JSON.stringify(key);
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same object when the new data equals the old, so components keyed on it do not redo work. */
function share<T>(previous: T | undefined, next: T): T {
  return previous !== undefined && JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
}

class Query<T> {
  state: QueryState<T> = { data: undefined, error: null, status: 'pending', dataUpdatedAt: 0 };
  options: QueryOptions<T>;
  observers = 0;
  private invalidated = false;
  private inFlight: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(options: QueryOptions<T>) {
    this.options = options;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private setState(next: Partial<QueryState<T>>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  setData(data: T) {
    this.invalidated = false;
    this.setState({
      data: share(this.state.data, data),
      error: null,
      status: 'success',
      dataUpdatedAt: Date.now(),
    });
  }

  isStale(): boolean {
    const { data, dataUpdatedAt } = this.state;
    return (
      this.invalidated || data === undefined || Date.now() - dataUpdatedAt >= (this.options.staleTime ?? 0)
    );
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
    return this.observers > 0 ? this.fetch() : Promise.resolve();
  }

  /** Fetches, or joins the fetch under way; never rejects (the error is in the state). */
  fetch(): Promise<void> {
    this.inFlight ??= this.run().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async run() {
    if (this.state.data === undefined) this.setState({ status: 'pending', error: null });
    const retries = this.options.retry === false ? 0 : (this.options.retry ?? 3);
    for (let attempt = 0; ; attempt++) {
      try {
        this.setData(await this.options.queryFn({ signal: new AbortController().signal }));
        return;
      } catch (error) {
        if (attempt >= retries) {
          this.setState({
            status: 'error',
            error: error instanceof Error ? error : new Error(String(error)),
          });
          return;
        }
        await delay(Math.min(1000 * 2 ** attempt, 30_000));
      }
    }
  }
}

export class QueryClient {
  private readonly queries = new Map<string, Query<unknown>>();
  private readonly defaults: QueryDefaults;

  constructor(config: { defaultOptions?: { queries?: QueryDefaults } } = {}) {
    this.defaults = config.defaultOptions?.queries ?? {};
  }

  /** The query for these options, created on first use; it takes the latest options given. */
  query<T>(options: QueryOptions<T>): Query<T> {
    const hash = hashKey(options.queryKey);
    const merged = { ...this.defaults, ...options };
    let query = this.queries.get(hash) as Query<T> | undefined;
    if (query) query.options = merged;
    else {
      query = new Query(merged);
      this.queries.set(hash, query as Query<unknown>);
    }
    return query;
  }

  setQueryData<T>(queryKey: QueryKey, data: T) {
    this.query<T>({ queryKey, queryFn: () => Promise.resolve(data) }).setData(data);
  }

  /** Marks every query whose key starts with `queryKey` stale, and refetches those on screen. */
  invalidateQueries({ queryKey }: { queryKey: QueryKey }): Promise<void> {
    const prefix = hashKey(queryKey).slice(0, -1);
    const matching = [...this.queries].filter(([hash]) => hash.startsWith(prefix));
    return Promise.all(matching.map(([, query]) => query.invalidate())).then(() => undefined);
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
}

const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => client.watchNetwork(), [client]);
  return <QueryClientContext value={client}>{children}</QueryClientContext>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (!client) throw new Error('useQueryClient needs a <QueryClientProvider>');
  return client;
}

/** Types a query's options where they are declared (the identity, as in TanStack Query). */
export const queryOptions = <T,>(options: QueryOptions<T>): QueryOptions<T> => options;

export interface QueryResult<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<void>;
}

export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const client = useQueryClient();
  const query = client.query(options);
  const state = useSyncExternalStore(query.subscribe, query.getState, query.getState);
  const enabled = options.enabled ?? true;

  useEffect(() => (enabled ? query.observe() : undefined), [query, enabled]);

  const { refetchInterval } = query.options;
  const interval =
    typeof refetchInterval === 'function' ? refetchInterval({ state }) : (refetchInterval ?? false);
  useEffect(() => {
    if (!enabled || !interval) return;
    // Restarted on every change of the query's state, as TanStack does; not while the tab is hidden.
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

interface MutationOptions<TVariables, TResult> {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** Awaited after the mutation, whether it succeeded or failed. */
  onSettled?: () => unknown;
  /** Accepted for TanStack compatibility: a mutation always runs. */
  networkMode?: 'always';
}

export function useMutation<TVariables = void, TResult = unknown>(
  options: MutationOptions<TVariables, TResult>,
): { mutateAsync: (variables: TVariables) => Promise<TResult> } {
  const latest = useLatest(options);
  return useMemo(
    () => ({
      mutateAsync: async (variables: TVariables) => {
        try {
          return await latest.current.mutationFn(variables);
        } finally {
          await latest.current.onSettled?.();
        }
      },
    }),
    [latest],
  );
}
