import type { DetectRequest, DetectResponse } from '@sema/shared/api/schemas';
import { isBlank, MESSAGES } from '@sema/shared/validation';

import { apiRequest } from '@/lib/api-client';
import { CACHE_KINDS, cacheKeys, cachedValue } from '@/lib/cache';

/** POST /api/v1/detect-language through the detection cache (30 minutes, session storage). */
export async function detectLanguage(request: DetectRequest, signal?: AbortSignal): Promise<DetectResponse> {
  if (isBlank(request.text)) throw new Error(MESSAGES.textEmpty);
  const cache = cachedValue<DetectResponse>(CACHE_KINDS.detection, cacheKeys.detection(request.text));
  const cached = cache.get();
  if (cached) return cached;
  const response = await apiRequest<DetectResponse>('/detect-language', {
    method: 'POST',
    body: { text: request.text } satisfies DetectRequest,
    signal,
  });
  cache.set(response);
  return response;
}
