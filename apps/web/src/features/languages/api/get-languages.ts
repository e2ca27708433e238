import type { LanguagesResponse } from '@sema/shared/api/schemas';
import { REQUEST_ERRORS } from '@sema/shared/errors';

import { ApiError, apiRequest } from '@/lib/api-client';
import { CACHE_KINDS, cacheKeys, cachedValue } from '@/lib/cache';
import { queryOptions, useQuery } from '@/lib/query';

const cached = () => cachedValue<LanguagesResponse>(CACHE_KINDS.languages, cacheKeys.languages());

/**
 * GET /api/v1/languages through the cache: a fresh cached list answers at once; otherwise the
 * server is asked, and if that fails an older cached list is used.
 */
export async function getLanguages(signal?: AbortSignal): Promise<LanguagesResponse> {
  const store = cached();
  const fresh = store.get();
  if (fresh) return fresh;
  try {
    const response = await apiRequest<LanguagesResponse>('/languages', { signal });
    store.set(response);
    return response;
  } catch (error) {
    const stale = store.getStale();
    if (stale) return stale;
    // A non-OK answer is reported as the spec words it; an unreachable server keeps its own message.
    if (error instanceof ApiError && error.status > 0)
      throw new ApiError(REQUEST_ERRORS.languages, error.status, error.code);
    throw error;
  }
}

export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: ['languages'],
    queryFn: ({ signal }) => getLanguages(signal),
    staleTime: CACHE_KINDS.languages.ttlMs,
  });

export function useLanguages() {
  return useQuery(languagesQueryOptions());
}
