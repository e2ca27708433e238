import { REQUEST_ERRORS } from '@sema/shared/errors';
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';

import { ApiError, apiFetch, isAbortError, unreachable, type RequestOptions } from './api-client';

// Streams are read only by chat and documents, which load on first use: this module (and its SSE
// parser) stays out of the first screen's code.

/**
 * A server-sent event stream: yields each event's JSON as it arrives. A refusal before the stream
 * starts throws an ApiError with its status; a connection lost mid-stream throws the network error;
 * an event that is not JSON, 'An unexpected error occurred'. Aborting `signal` ends it with an
 * AbortError. The stream's own `error` events are the caller's to read.
 */
export async function* apiEventStream<T>(path: string, options: RequestOptions = {}): AsyncGenerator<T> {
  const response = await apiFetch(path, options, 'text/event-stream');
  yield* readEvents<T>(response, options.signal);
}

/** Reads the events of a response already received (exported for tests of a stream's content). */
export async function* readEvents<T>(response: Response, signal?: AbortSignal): AsyncGenerator<T> {
  if (!response.body) throw new ApiError(REQUEST_ERRORS.unexpected, response.status);
  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<EventSourceMessage>;
      try {
        next = await reader.read();
      } catch (error) {
        if (isAbortError(error) || signal?.aborted) throw new DOMException('Stopped', 'AbortError');
        throw unreachable(error);
      }
      if (next.done) return;
      let event: T;
      try {
        event = JSON.parse(next.value.data) as T;
      } catch {
        throw new ApiError(REQUEST_ERRORS.unexpected, response.status);
      }
      yield event;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
