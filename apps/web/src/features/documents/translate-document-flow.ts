import { AUTO } from '@sema/shared/validation';

import { isAbortError } from '@/lib/api-client';
import { plainError } from '@/lib/plain-error';

import { translateDocument } from './api/translate-document';
import type { DocumentReply } from './document-reply';

/** What the reply shows at each step: progress, then the result, or the server's reason. */
export interface DocumentUpdate {
  reply: DocumentReply;
  /** Preview text, for the message's copy button. */
  content: string;
  error?: string;
  /** The server's own wording and code, for the "Details" disclosure. */
  technical?: string;
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
    // The server's own words when they are about the file ("The file is named .docx but is not a
    // Word document…"); a plain sentence when they are about the server.
    const reason = plainError(error);
    show({
      reply: { fileName },
      content: reason.message,
      error: reason.message,
      ...(reason.detail ? { technical: reason.detail } : {}),
    });
  }
}
