import type { StatusResponse } from '@sema/shared/api/schemas';

import { apiRequest } from '@/lib/api-client';
import { CACHE_KINDS, cacheKeys, cachedValue } from '@/lib/cache';
import { queryOptions, useQuery, type QueryClient } from '@/lib/query';

const cached = () => cachedValue<StatusResponse>(CACHE_KINDS.status, cacheKeys.status());

/** While a model is still loading, the status is polled this often to show its progress. */
export const STATUS_POLL_MS = 3000;
/** A failed model is tried again by the server; the page looks this long after each attempt… */
const AFTER_ATTEMPT_MS = 2000;
/** …but never waits longer than this, nor asks more often than STATUS_POLL_MS. */
const MAX_RETRY_POLL_MS = 60_000;

/**
 * When to ask for the status again, or false for not until something fails: soon while a model
 * loads, and just after the server's next attempt while one has failed, so the notice goes away
 * by itself once the model is back. Times are measured on the server's clock (its `timestamp`),
 * so a phone whose clock is off does not poll too often.
 */
export function nextStatusPoll(
  status: StatusResponse | undefined,
  fetchedAt: number,
  now = Date.now(),
): number | false {
  if (!status) return false;
  const engines = Object.values(status.engines);
  if (engines.some((engine) => engine.state === 'loading')) return STATUS_POLL_MS;
  const serverNow = Date.parse(status.timestamp) + (now - fetchedAt);
  const attempts = engines
    .filter((engine) => engine.state === 'error' && engine.next_attempt_at)
    .map((engine) => Date.parse(engine.next_attempt_at!))
    .filter(Number.isFinite);
  if (attempts.length === 0 || !Number.isFinite(serverNow)) return false;
  const wait = Math.min(...attempts) + AFTER_ATTEMPT_MS - serverNow;
  return Math.min(MAX_RETRY_POLL_MS, Math.max(STATUS_POLL_MS, wait));
}

/**
 * GET /api/v1/status. A healthy answer is cached in memory for five minutes; one with
 * an engine still loading is not, so the page can follow the download.
 */
export async function getStatus(signal?: AbortSignal): Promise<StatusResponse> {
  const store = cached();
  const fresh = store.get();
  if (fresh) return fresh;
  const status = await apiRequest<StatusResponse>('/status', { signal });
  if (status.status === 'healthy') store.set(status);
  return status;
}

export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['status'],
    queryFn: ({ signal }) => getStatus(signal),
    staleTime: CACHE_KINDS.status.ttlMs,
    refetchInterval: (query) => nextStatusPoll(query.state.data, query.state.dataUpdatedAt),
  });

export function useStatus() {
  return useQuery(statusQueryOptions());
}

/** Asks the server again, past both caches: a failed request may mean an engine changed state. */
export function refreshStatus(queryClient: QueryClient): Promise<void> {
  cached().delete();
  return queryClient.invalidateQueries({ queryKey: statusQueryOptions().queryKey });
}
