import { ENGLISH } from '@sema/shared/languages/english';

import { translateDocument } from './api/translate-document';

/**
 * A document's text in English as a chat's context: the server reads the file, finds its language
 * and translates only the first `maxChars` characters, as plain text (output=text), with progress.
 */
export async function readDocumentInEnglish({
  file,
  maxChars,
  signal,
  onProgress,
}: {
  file: File;
  maxChars: number;
  signal?: AbortSignal;
  onProgress?: (progress: { done: number; total: number }) => void;
}): Promise<{ english: string; language: string; truncated: boolean; readingId?: string }> {
  const result = await translateDocument({
    file,
    sourceLanguage: 'auto',
    targetLanguage: ENGLISH,
    output: 'text',
    maxChars,
    ...(signal ? { signal } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  return {
    english: result.text ?? '',
    language: result.source_language,
    truncated: result.truncated,
    ...(result.reading_id ? { readingId: result.reading_id } : {}),
  };
}
