/**
 * Server-sent events for the chat stream: one `data:` line of JSON per event, a blank line after it.
 * Errors after the first event cannot change the HTTP status any more, so they become an `error` event.
 */
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatStreamEvent } from '@sema/shared/api/chat';
import { CHAT_ERRORS } from '@sema/shared/errors';
import { ApiError } from '../lib/errors.ts';
import { HEARTBEAT, HEARTBEAT_MS, sseData } from '../lib/http/sse.ts';

const formatEvent = (event: { type: string }) => sseData(event);

const WAIT = Symbol('wait');
/** Resolves after the microtasks already queued (events parsed from the same read) have run. */
const nextTurn = () => new Promise<typeof WAIT>((resolve) => setImmediate(resolve, WAIT));

/** The `error` event for a failure; anything that is not an ApiError is logged and kept private. */
export function errorEvent(error: unknown, log: FastifyBaseLogger): ChatStreamEvent {
  if (error instanceof ApiError) return { type: 'error', detail: error.detail, code: error.code };
  log.error({ err: error }, 'chat stream failed');
  return { type: 'error', detail: CHAT_ERRORS.CHAT_ERROR, code: 'CHAT_ERROR' };
}

/**
 * The body of a streamed answer. `first` was already taken from `events` (so that failures before
 * anything was generated got a proper HTTP status); the rest follows as it arrives.
 */
export function eventStream<E extends { type: string }>(
  first: E,
  events: AsyncIterator<E>,
  signal: AbortSignal,
  log: FastifyBaseLogger,
  heartbeatMs = HEARTBEAT_MS,
): Readable {
  /** Waits for `pending`, yielding a heartbeat each `heartbeatMs` it takes. */
  async function* awaitWithHeartbeat(
    pending: Promise<IteratorResult<E>>,
  ): AsyncGenerator<string, IteratorResult<E>> {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const beat = new Promise<typeof HEARTBEAT>((resolve) => {
        timer = setTimeout(resolve, heartbeatMs, HEARTBEAT);
      });
      try {
        const next = await Promise.race([pending, beat]);
        if (next !== HEARTBEAT) return next;
      } finally {
        clearTimeout(timer);
      }
      yield HEARTBEAT;
    }
  }

  async function* lines(): AsyncGenerator<string> {
    // Events that are ready together (one upstream read often holds several) go out in one write;
    // whatever is ready is sent before waiting for more, so nothing is held back.
    let batch = formatEvent(first);
    try {
      for (let pending = events.next(); ; pending = events.next()) {
        let next = await Promise.race([pending, nextTurn()]);
        if (next === WAIT) {
          yield batch;
          batch = '';
          next = yield* awaitWithHeartbeat(pending);
        }
        if (next.done) break;
        batch += formatEvent(next.value);
      }
    } catch (error) {
      // The client left: nobody to tell. The server stopping it says why.
      if (signal.aborted && !(signal.reason instanceof ApiError)) return;
      batch += formatEvent(errorEvent(signal.aborted ? signal.reason : error, log));
    }
    if (batch) yield batch;
  }
  return Readable.from(lines(), { objectMode: false });
}
