import { create as contentDisposition } from 'content-disposition';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DOCUMENT_HEADERS,
  type DocumentEvent,
  type TranslateDocumentResponse,
} from '@sema/shared/api/documents';
import type { TranslatedDocument } from '../../../../documents/document-translator.ts';
import type { Submission } from '../../../../documents/submit.ts';
import { AsyncQueue } from '../../../../lib/async-queue.ts';
import { ApiError } from '../../../../lib/errors.ts';
import { sendEventStream } from '../../../../lib/http/sse.ts';

export type ResponseMode = 'file' | 'json' | 'events';

/** `?stream=1` or `Accept: text/event-stream` → events; `Accept: application/json` → JSON; else the file. */
export function responseMode(query: { stream?: string }, accept = ''): ResponseMode {
  const stream = query.stream;
  if (stream === '1' || stream === 'true' || accept.includes('text/event-stream')) return 'events';
  if (accept.includes('application/json')) return 'json';
  return 'file';
}

/** The id a chat turn names a document read in English by (documents/readings.ts), when there is one. */
export type ReadingId = Pick<TranslateDocumentResponse, 'reading_id'>;

export function toJson(
  document: TranslatedDocument,
  startedAt: number,
  reading: ReadingId = {},
): TranslateDocumentResponse {
  const textual = typeof document.body === 'string';
  return {
    file_name: document.fileName,
    format: document.format,
    mime_type: document.mimeType,
    ...(textual
      ? { text: document.body as string }
      : { content_base64: Buffer.from(document.body).toString('base64') }),
    source_language: document.source,
    target_language: document.target,
    characters: document.characters,
    processing_time: secondsSince(startedAt),
    ...(document.note ? { note: document.note } : {}),
    preview: document.preview,
    truncated: document.truncated,
    ...reading,
  };
}

export function sendFile(reply: FastifyReply, document: TranslatedDocument, startedAt: number): FastifyReply {
  const textual = typeof document.body === 'string';
  reply
    .type(textual ? `${document.mimeType}; charset=utf-8` : document.mimeType)
    .header('Content-Disposition', contentDisposition(document.fileName))
    .header(DOCUMENT_HEADERS.sourceLanguage, document.source)
    .header(DOCUMENT_HEADERS.targetLanguage, document.target)
    .header(DOCUMENT_HEADERS.characters, String(document.characters))
    .header(DOCUMENT_HEADERS.processingTime, String(secondsSince(startedAt)));
  if (document.note) reply.header(DOCUMENT_HEADERS.note, document.note);
  return reply.send(textual ? document.body : Buffer.from(document.body));
}

/**
 * Streams progress, then the result, through the server's one event-stream writer. The document
 * was checked and charged before the first byte, so what fails there keeps its HTTP status; what
 * can still fail here is the engine (overloaded, model unavailable), or the server shutting down:
 * that arrives as an `error` event with the status it would have had, and the charge is given back.
 */
export async function sendEvents(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  submission: Submission,
  {
    clientGone,
    startedAt,
    readingOf,
  }: {
    clientGone: AbortSignal;
    startedAt: number;
    readingOf: (document: TranslatedDocument) => Promise<ReadingId>;
  },
): Promise<FastifyReply> {
  const events = new AsyncQueue<DocumentEvent>();
  const stopped = new AbortController();
  const { result } = await app.documents.submit(request, submission, {
    run: 'inline',
    signal: AbortSignal.any([clientGone, stopped.signal]),
    onProgress: ({ done, total }) => {
      // A catalogue of a million characters takes long on a small server: say how long, from the pace so far.
      const elapsed = (Date.now() - startedAt) / 1000;
      const left = done > 0 && done < total ? Math.max(1, Math.round((elapsed / done) * (total - done))) : 0;
      events.push({ type: 'progress', done, total, ...(left ? { seconds_left: left } : {}) });
    },
  });
  result
    .then(async (document) => toJson(document, startedAt, await readingOf(document)))
    .then(
      (done) => {
        events.push({ type: 'done', ...done });
        events.end();
      },
      (error: unknown) => events.fail(error),
    );
  return sendEventStream(reply, events[Symbol.asyncIterator](), {
    clientGone,
    errorEvent: (error) => errorEvent(error, request.log),
    stop: (reason) => stopped.abort(reason),
  });
}

function errorEvent(error: unknown, log: FastifyBaseLogger): DocumentEvent {
  // The server ends the stream: said in a document's terms (the characters were given back).
  if (error instanceof ApiError && error.code === 'SHUTTING_DOWN') {
    return {
      type: 'error',
      detail: 'This server is shutting down; send the document again and another server will translate it',
      code: error.code,
      status: error.statusCode,
    };
  }
  if (error instanceof ApiError)
    return { type: 'error', detail: error.detail, code: error.code, status: error.statusCode };
  log.error({ err: error }, 'document translation failed');
  return { type: 'error', detail: 'Translation failed', code: 'INTERNAL_ERROR', status: 500 };
}

function secondsSince(startedAt: number): number {
  return Math.round(performance.now() - startedAt) / 1000;
}
