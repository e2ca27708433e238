import type { DetectRequest, DetectResponse } from '@sema/shared/api/schemas';

import { apiRequest } from '@/lib/api-client';
import { CACHE_KINDS, cacheKeys, cachedValue } from '@/lib/cache';

/** POST /api/v1/detect-language, step 1 of the chat-mode flow, through the detection cache. */
export async function detectLanguage(text: string, signal?: AbortSignal): Promise<DetectResponse> {
  const cache = cachedValue<DetectResponse>(CACHE_KINDS.detection, cacheKeys.detection(text));
  const cached = cache.get();
  if (cached) return cached;
  const response = await apiRequest<DetectResponse>('/detect-language', {
    method: 'POST',
    body: { text } satisfies DetectRequest,
    signal,
  });
  cache.set(response);
  return response;
}
