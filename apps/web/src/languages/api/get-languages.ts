import type { LanguagesResponse } from '@sema/shared/api/schemas';
import { REQUEST_ERRORS } from '@sema/shared/errors';

import { ApiError, apiRequest } from '@/lib/api-client';
import { defineQuery, useCachedQuery } from '@/lib/query-cache';

const DAY = 24 * 60 * 60_000;

/** GET /api/v1/languages; a non-OK answer is reported as the spec words it. */
async function getLanguages(signal: AbortSignal): Promise<LanguagesResponse> {
  try {
    return await apiRequest<LanguagesResponse>('/languages', { signal });
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
