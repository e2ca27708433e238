import type { DetectRequest, DetectResponse } from '@sema/shared/api/schemas';
import { isBlank, MESSAGES } from '@sema/shared/validation';

import { apiRequest } from '@/lib/api-client';
import { hashText } from '@/lib/hash-text';
import { appQueryCache } from '@/lib/query-cache';

/** POST /api/v1/detect-language through the app's cache: a detection is kept for 30 minutes in session storage. */
export async function detectLanguage(request: DetectRequest, signal?: AbortSignal): Promise<DetectResponse> {
  if (isBlank(request.text)) throw new Error(MESSAGES.textEmpty);
  const body = { text: request.text } satisfies DetectRequest;
  return appQueryCache.fetchQuery(
    {
      key: ['detection', hashText(request.text)],
      fetch: ({ signal: aborted }) =>
        apiRequest<DetectResponse>('/detect-language', { method: 'POST', body, signal: aborted }),
      freshFor: 30 * 60_000,
      storage: 'session',
    },
    signal,
  );
}
