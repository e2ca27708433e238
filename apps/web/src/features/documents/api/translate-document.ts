import type {
  DocumentEvent,
  DocumentProgressEvent,
  TranslateDocumentResponse,
} from '@sema/shared/api/documents';

import { ApiError } from '@/lib/api-client';
import { apiEventStream } from '@/lib/api-stream';

export interface TranslateDocumentParams {
  file: File;
  sourceLanguage: string;
  targetLanguage: string;
  /** `text`: only the translated text, plain (a chat's context), cut to `maxChars`. */
  output?: 'document' | 'text';
  maxChars?: number;
  signal?: AbortSignal;
  onProgress?: (progress: Pick<DocumentProgressEvent, 'done' | 'total' | 'seconds_left'>) => void;
}

const INTERRUPTED = 'The connection closed before the document was translated. Please try again.';

/**
 * POST /api/v1/translate/document as a stream of progress events. A file the server refuses (too
 * large, wrong type, no text…) fails with the server's own message before any progress; a failure
 * while translating arrives as an `error` event and is thrown the same way.
 */
export async function translateDocument(params: TranslateDocumentParams): Promise<TranslateDocumentResponse> {
  const form = new FormData();
  form.append('target_language', params.targetLanguage);
  form.append('source_language', params.sourceLanguage);
  if (params.output) form.append('output', params.output);
  if (params.maxChars !== undefined) form.append('max_chars', String(params.maxChars));
  form.append('file', params.file, params.file.name);

  return readDocumentEvents(
    apiEventStream<DocumentEvent>('/translate/document?stream=1', {
      body: form,
      ...(params.signal ? { signal: params.signal } : {}),
    }),
    params.onProgress,
  );
}

/** Reads the events until the `done` or `error` one; a stream that ends before either was cut. */
export async function readDocumentEvents(
  events: AsyncIterable<DocumentEvent>,
  onProgress?: TranslateDocumentParams['onProgress'],
): Promise<TranslateDocumentResponse> {
  for await (const event of events) {
    if (event.type === 'progress')
      onProgress?.({ done: event.done, total: event.total, seconds_left: event.seconds_left });
    else if (event.type === 'error') throw new ApiError(event.detail, event.status, event.code);
    else {
      const { type: _type, ...result } = event;
      return result;
    }
  }
  throw new ApiError(INTERRUPTED, 200);
}
