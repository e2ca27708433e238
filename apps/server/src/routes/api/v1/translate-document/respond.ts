import { PassThrough } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { Glossary } from '../../../../translation/protected-spans.ts';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import {
  DOCUMENT_HEADERS,
  type DocumentEvent,
  type TranslateDocumentResponse,
} from '@sema/shared/api/documents';
import { HEARTBEAT, HEARTBEAT_MS, SSE_HEADERS, sseData } from '../../../../lib/http/sse.ts';
import type { DocumentTask, TranslatedDocument } from '../../../../documents/document-translator.ts';
import { ApiError } from '../../../../lib/errors.ts';

export type ResponseMode = 'file' | 'json' | 'events';

/** `?stream=1` or `Accept: text/event-stream` → events; `Accept: application/json` → JSON; else the file. */
export function responseMode(query: { stream?: string }, accept = ''): ResponseMode {
  const stream = query.stream;
  if (stream === '1' || stream === 'true' || accept.includes('text/event-stream')) return 'events';
  if (accept.includes('application/json')) return 'json';
  return 'file';
}

export function toJson(document: TranslatedDocument, startedAt: number): TranslateDocumentResponse {
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
 * Streams progress, then the result. The document was already checked, so what can still fail here
 * is the engine (overloaded, model unavailable): that arrives as an `error` event with the status it
 * would have had.
 */
export function sendEvents(
  reply: FastifyReply,
  task: DocumentTask,
  { signal, glossary }: { signal: AbortSignal; glossary?: Glossary | undefined },
  startedAt: number,
  log: FastifyBaseLogger,
): FastifyReply {
  const stream = new PassThrough();
  const write = (event: DocumentEvent) => stream.write(sseData(event));
  // While the model works, a comment line now and then keeps proxies from closing a quiet stream.
  const keepAlive = setInterval(() => stream.write(HEARTBEAT), HEARTBEAT_MS);
  task
    .run({ signal, glossary, onProgress: ({ done, total }) => write({ type: 'progress', done, total }) })
    .then((document) => write({ type: 'done', ...toJson(document, startedAt) }))
    .catch((error: unknown) => {
      if (!signal.aborted) write(errorEvent(error, log));
    })
    .finally(() => {
      task.dispose();
      clearInterval(keepAlive);
      stream.end();
    });
  return reply.headers(SSE_HEADERS).send(stream);
}

function errorEvent(error: unknown, log: FastifyBaseLogger): DocumentEvent {
  if (error instanceof ApiError)
    return { type: 'error', detail: error.detail, code: error.code, status: error.statusCode };
  log.error({ err: error }, 'document translation failed');
  return { type: 'error', detail: 'Translation failed', code: 'INTERNAL_ERROR', status: 500 };
}

function secondsSince(startedAt: number): number {
  return Math.round(performance.now() - startedAt) / 1000;
}
