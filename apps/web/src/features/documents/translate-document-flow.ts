import { AUTO } from '@sema/shared/validation';

import { errorMessage, isAbortError } from '@/lib/api-client';

import { translateDocument } from './api/translate-document';
import type { DocumentReply } from './document-reply';

/** What the reply shows at each step: progress, then the result, or the server's reason. */
export interface DocumentUpdate {
  reply: DocumentReply;
  /** Preview text, for the message's copy button. */
  content: string;
  error?: string;
  detectedLanguage?: string;
}

/** Translate mode with a file: the document is translated with the current languages, with progress. */
export async function runDocumentTranslation(
  {
    file,
    sourceLanguage,
    targetLanguage,
    signal,
  }: { file: File; sourceLanguage: string; targetLanguage: string; signal?: AbortSignal },
  show: (update: DocumentUpdate) => void,
): Promise<void> {
  const fileName = file.name;
  show({ reply: { fileName }, content: '' });
  try {
    const result = await translateDocument({
      file,
      sourceLanguage,
      targetLanguage,
      ...(signal ? { signal } : {}),
      onProgress: (progress) => show({ reply: { fileName, progress }, content: '' }),
    });
    show({
      reply: { fileName, result },
      content: result.preview,
      ...(sourceLanguage === AUTO ? { detectedLanguage: result.source_language } : {}),
    });
  } catch (error) {
    if (isAbortError(error)) return;
    // The server's own words: "The file is named .docx but is not a Word document…".
    show({ reply: { fileName }, content: errorMessage(error), error: errorMessage(error) });
  }
}
