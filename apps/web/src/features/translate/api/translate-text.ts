import type { TranslateRequest, TranslateResponse } from '@sema/shared/api/schemas';
import { AUTO, isBlank, MESSAGES } from '@sema/shared/validation';

import { apiRequest } from '@/lib/api-client';
import { CACHE_KINDS, cacheKeys, cachedValue } from '@/lib/cache';

/**
 * The confidence of a translation's detected source: `confidence_score`, also read as `confidence`,
 * as servers compatible with the original API may name it.
 */
export function confidenceOf(response: TranslateResponse): number | undefined {
  const fields = response as Partial<TranslateResponse> & { confidence?: unknown };
  const value = typeof fields.confidence_score === 'number' ? fields.confidence_score : fields.confidence;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * POST /api/v1/translate, after the spec's checks (part 5) and through the translation cache
 * (one hour, session storage, keyed by a hash of the text and both languages).
 */
export async function translateText(
  request: TranslateRequest,
  signal?: AbortSignal,
): Promise<TranslateResponse> {
  if (isBlank(request.text)) throw new Error(MESSAGES.textEmpty);
  if (!request.target_language) throw new Error(MESSAGES.targetRequired);
  const source = request.source_language || AUTO;
  const cache = cachedValue<TranslateResponse>(
    CACHE_KINDS.translation,
    cacheKeys.translation(request.text, request.target_language, source),
  );
  const cached = cache.get();
  if (cached) return cached;
  const response = await apiRequest<TranslateResponse>('/translate', {
    method: 'POST',
    body: {
      text: request.text,
      target_language: request.target_language,
      source_language: source,
    } satisfies TranslateRequest,
    signal,
  });
  cache.set(response);
  return response;
}
