import type { TranslateRequest, TranslateResponse } from '@sema/shared/api/schemas';
import { AUTO, isBlank, MESSAGES } from '@sema/shared/validation';

import { apiRequest } from '@/lib/api-client';
import { hashText } from '@/lib/hash-text';
import { appQueryCache } from '@/lib/query-cache';

/**
 * The confidence of a translation's detected source: `confidence_score`, also read as `confidence`,
 * as servers compatible with the original API may name it.
 */
export function confidenceOf(response: TranslateResponse): number | undefined {
  const fields = response as Partial<TranslateResponse> & { confidence?: unknown };
  const value = typeof fields.confidence_score === 'number' ? fields.confidence_score : fields.confidence;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A translation's key: a hash of the text (long inputs make short keys) and both languages. */
export const translationKey = (text: string, source: string, target: string) =>
  ['translation', hashText(text), source, target] as const;

/**
 * POST /api/v1/translate, after the spec's checks (part 5), through the app's cache: a translation
 * is kept for one hour in session storage.
 */
export async function translateText(
  request: TranslateRequest,
  signal?: AbortSignal,
): Promise<TranslateResponse> {
  if (isBlank(request.text)) throw new Error(MESSAGES.textEmpty);
  if (!request.target_language) throw new Error(MESSAGES.targetRequired);
  const source = request.source_language || AUTO;
  const body = {
    text: request.text,
    target_language: request.target_language,
    source_language: source,
  } satisfies TranslateRequest;
  return appQueryCache.fetchQuery(
    {
      key: translationKey(request.text, source, request.target_language),
      fetch: ({ signal: aborted }) =>
        apiRequest<TranslateResponse>('/translate', { method: 'POST', body, signal: aborted }),
      freshFor: 60 * 60_000,
      storage: 'session',
    },
    signal,
  );
}
