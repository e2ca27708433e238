import type {
  DocumentEvent,
  DocumentProgressEvent,
  TranslateDocumentResponse,
} from '@sema/shared/api/documents';
import { EventSourceParserStream } from 'eventsource-parser/stream';

import { ApiError, apiUrl, errorFromResponse, isAbortError, unreachable } from '@/lib/api-client';

export interface TranslateDocumentParams {
  file: File;
  sourceLanguage: string;
  targetLanguage: string;
  /** `text`: only the translated text, plain (a chat's context), cut to `maxChars`. */
  output?: 'document' | 'text';
  maxChars?: number;
  signal?: AbortSignal;
  onProgress?: (progress: Pick<DocumentProgressEvent, 'done' | 'total'>) => void;
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

  let response: Response;
  try {
    response = await fetch(apiUrl('/translate/document?stream=1'), {
      method: 'POST',
      headers: { Accept: 'text/event-stream' },
      body: form,
      signal: params.signal,
    });
  } catch (error) {
    throw unreachable(error);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return readDocumentEvents(response, params.onProgress);
}

/** Reads the event stream until its `done` or `error` event. */
export async function readDocumentEvents(
  response: Response,
  onProgress?: TranslateDocumentParams['onProgress'],
): Promise<TranslateDocumentResponse> {
  if (!response.body) throw new ApiError(INTERRUPTED, response.status);
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  const reader = events.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new ApiError(INTERRUPTED, response.status);
      const event = JSON.parse(value.data) as DocumentEvent;
      if (event.type === 'progress') onProgress?.({ done: event.done, total: event.total });
      else if (event.type === 'error') throw new ApiError(event.detail, event.status, event.code);
      else {
        const { type: _type, ...result } = event;
        return result;
      }
    }
  } catch (error) {
    if (error instanceof ApiError || isAbortError(error)) throw error;
    // The stream broke under the reader: the browser lost the server.
    if (error instanceof TypeError) throw unreachable(error);
    throw new ApiError(INTERRUPTED, response.status);
  } finally {
    reader.releaseLock();
  }
}
