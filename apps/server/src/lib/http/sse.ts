/**
 * Server-sent events, as every streaming route writes them (chat answers, document progress): the
 * headers, one `data:` line of JSON per event, and a comment line now and then so that proxies and
 * load balancers with an idle timeout (often 30–60 s) do not cut a quiet stream. An open stream is
 * known to the drain (`app.openStreams`): when the server shuts down it gets an `error` event
 * (`SHUTTING_DOWN`) and ends cleanly, instead of being cut.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { type ApiError } from '../errors.ts';
import { closeWhenStalled } from '../stream-stall.ts';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  // Tells nginx-style proxies not to buffer the stream.
  'X-Accel-Buffering': 'no',
} as const;

/** One event: its JSON on a `data:` line, then a blank line. */
export function sseData(event: unknown): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** A comment line sent after this long without an event (EventSource clients ignore comments). */
export const HEARTBEAT_MS = 15_000;
export const HEARTBEAT = ': keep-alive\n\n';

export interface EventStreamOptions<E> {
  /** An event already taken from `events` (so that failures before it kept their HTTP status). */
  first?: E;
  /** The `error` event for a failure, or for the reason the server ended the stream. */
  errorEvent: (error: unknown) => E;
  /** Aborts when the client went away: then nothing is left to tell. */
  clientGone?: AbortSignal;
  /** Ends the stream early, with an `error` event for its reason (the server shutting down). */
  ending?: AbortSignal;
  heartbeatMs?: number;
  /** How one event is written (a protocol's own framing); one `data:` line of JSON by default. */
  format?: (event: E) => string;
  /** Written after the last event, whatever ended the stream (OpenAI's `data: [DONE]`). */
  trailer?: string;
}

const WAIT = Symbol('wait');
const ENDING = Symbol('ending');
/** Resolves after the microtasks already queued (events parsed from the same read) have run. */
const nextTurn = () => new Promise<typeof WAIT>((resolve) => setImmediate(resolve, WAIT));

/**
 * The body of a stream of `events`. Events that are ready together (one upstream read often holds
 * several) go out in one write; whatever is ready is sent before waiting for more. A failure becomes
 * the last event, since the status was sent with the first.
 */
export function eventStream<E>(events: AsyncIterator<E>, options: EventStreamOptions<E>): Readable {
  const { errorEvent, clientGone, ending, heartbeatMs = HEARTBEAT_MS, format = sseData } = options;
  const ended = ending
    ? new Promise<typeof ENDING>((resolve) => {
        if (ending.aborted) resolve(ENDING);
        else ending.addEventListener('abort', () => resolve(ENDING), { once: true });
      })
    : new Promise<typeof ENDING>(() => {});

  /** Waits for `pending`, yielding a heartbeat each `heartbeatMs` it takes. */
  async function* awaitWithHeartbeat(
    pending: Promise<IteratorResult<E>>,
  ): AsyncGenerator<string, IteratorResult<E> | typeof ENDING> {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const beat = new Promise<typeof HEARTBEAT>((resolve) => {
        timer = setTimeout(resolve, heartbeatMs, HEARTBEAT);
      });
      try {
        const next = await Promise.race([pending, beat, ended]);
        if (next !== HEARTBEAT) return next;
      } finally {
        clearTimeout(timer);
      }
      yield HEARTBEAT;
    }
  }

  async function* lines(): AsyncGenerator<string> {
    let batch = options.first === undefined ? '' : format(options.first);
    try {
      for (let pending = events.next(); ; pending = events.next()) {
        let next = await Promise.race([pending, nextTurn(), ended]);
        if (next === WAIT) {
          if (batch) yield batch;
          batch = '';
          next = yield* awaitWithHeartbeat(pending);
        }
        if (next === ENDING) {
          // The server ends it: say why, whatever the work behind it does next.
          pending.catch(() => {});
          events.return?.().catch(() => {});
          batch += format(errorEvent(ending!.reason));
          break;
        }
        if (next.done) break;
        batch += format(next.value);
      }
    } catch (error) {
      if (clientGone?.aborted) return; // nobody to tell
      batch += format(errorEvent(ending?.aborted ? ending.reason : error));
    }
    batch += options.trailer ?? '';
    if (batch) yield batch;
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * Sends `events` as server-sent events on `reply`: the headers, the stream, a stalled client closed
 * (`SEMA_STREAM_STALL_SECONDS`), and the stream listed in `app.openStreams` while it is open, so that
 * shutdown ends it with an `error` event. `stop` is told too, to stop the work behind the events.
 */
export function sendEventStream<E>(
  reply: FastifyReply,
  events: AsyncIterator<E>,
  options: Omit<EventStreamOptions<E>, 'ending'> & { stop?: (reason: ApiError) => void },
): FastifyReply {
  const ending = new AbortController();
  holdOpenStream(reply, (reason) => {
    ending.abort(reason);
    options.stop?.(reason);
  });
  return reply.headers(SSE_HEADERS).send(eventStream(events, { ...options, ending: ending.signal }));
}

/**
 * Lists the stream on `reply` in `app.openStreams` while it is open, so that shutdown calls `end`
 * (which tells the client and stops the work), and closes it if the client stalls
 * (`SEMA_STREAM_STALL_SECONDS`).
 */
export function holdOpenStream(reply: FastifyReply, end: (reason: ApiError) => void): void {
  const app = reply.server;
  app.openStreams.add(end);
  reply.raw.once('close', () => app.openStreams.delete(end));
  closeWhenStalled(reply, app.config.timeouts.streamStallMs);
}
