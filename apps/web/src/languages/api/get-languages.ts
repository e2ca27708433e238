import type { LanguagesResponse } from '@sema/shared/api/schemas';
import { REQUEST_ERRORS } from '@sema/shared/errors';

import { ApiError, apiRequest } from '@/lib/api-client';
import { useEffect } from 'react';

import { defineQuery, useCachedQuery, useQueryCache, type QueryCache } from '@/lib/query-cache';

const DAY = 24 * 60 * 60_000;

/**
 * GET /api/v1/languages; a non-OK answer is reported as the spec words it. Past the browser's HTTP
 * cache: this app keeps the list itself, and fetches it when it wants the server's current one.
 */
async function getLanguages(signal: AbortSignal): Promise<LanguagesResponse> {
  try {
    return await apiRequest<LanguagesResponse>('/languages', { signal, revalidate: true });
  } catch (error) {
    // An unreachable server keeps its own message.
    if (error instanceof ApiError && error.status > 0)
      throw new ApiError(REQUEST_ERRORS.languages, error.status, error.code);
    throw error;
  }
}

/**
 * The language list, kept in local storage for 24 hours; when a refresh fails, the expired list is
 * used (the app's cache keeps `['languages']` past its time for that).
 */
export const languagesQuery = defineQuery({
  key: ['languages'],
  fetch: ({ signal }) => getLanguages(signal),
  freshFor: DAY,
  storage: 'local',
});

export function useLanguages() {
  return useCachedQuery(languagesQuery);
}

/**
 * Fetches the list again when the server's is another than the one kept (`languages_version` of
 * /status): its models or languages changed since this device kept it, and a day is too long to
 * offer languages it no longer serves. A list kept from before lists had versions counts as another.
 */
export function followLanguagesVersion(cache: QueryCache, version: string | undefined): Promise<void> {
  const kept = version ? cache.query(languagesQuery).state.data : undefined;
  return kept && kept.version !== version ? cache.invalidate(languagesQuery.key) : Promise.resolve();
}

export function useLanguagesVersion(version: string | undefined): void {
  const cache = useQueryCache();
  useEffect(() => void followLanguagesVersion(cache, version), [cache, version]);
}
