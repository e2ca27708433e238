import type { StatusResponse } from '@sema/shared/api/schemas';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { CACHE_KINDS, cacheKeys, cachedValue } from '@/lib/cache';

const cached = () => cachedValue<StatusResponse>(CACHE_KINDS.status, cacheKeys.status());

/** While a model is still loading, the status is polled this often to show its progress. */
export const STATUS_POLL_MS = 3000;

/**
 * GET /api/v1/status. A healthy answer is cached in memory for five minutes (spec part 9); one with
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
    refetchInterval: (query) => {
      const engines = query.state.data?.engines;
      const loading = engines && Object.values(engines).some((engine) => engine.state === 'loading');
      return loading ? STATUS_POLL_MS : false;
    },
  });

export function useStatus() {
  return useQuery(statusQueryOptions());
}

/** Asks the server again, past both caches: a failed request may mean an engine changed state. */
export function refreshStatus(queryClient: QueryClient): Promise<void> {
  cached().delete();
  return queryClient.invalidateQueries({ queryKey: statusQueryOptions().queryKey });
}
