import type { TranslateRequest, TranslateResponse } from '@sema/shared/api/schemas';

import { apiRequest } from '@/lib/api-client';
import { CACHE_KINDS, cacheKeys, cachedValue } from '@/lib/cache';

/**
 * POST /api/v1/translate with a known source, through the translation cache: the question into
 * English, and each sentence of the answer back (a repeated sentence is translated once).
 */
export async function translatePiece(
  text: string,
  source: string,
  target: string,
  signal?: AbortSignal,
): Promise<string> {
  const cache = cachedValue<TranslateResponse>(
    CACHE_KINDS.translation,
    cacheKeys.translation(text, target, source),
  );
  const cached = cache.get();
  if (cached) return cached.translated_text;
  const response = await apiRequest<TranslateResponse>('/translate', {
    method: 'POST',
    body: { text, source_language: source, target_language: target } satisfies TranslateRequest,
    signal,
  });
  cache.set(response);
  return response.translated_text;
}
