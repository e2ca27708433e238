/**
 * What every chat route (/api/v1/chat, /api/v1/chat/translated, /v1/chat/completions) does around
 * its answer: the client's per-client slot, the signal that stops the model when the client goes
 * away or the server ends the stream, and the answer sent as server-sent events.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientGoneSignal } from '../lib/http/client-gone.ts';
import { sendEventStream } from '../lib/http/sse.ts';
import { chatErrorEvent } from './chat-errors.ts';
import type { ChatMeter } from './chat-meter.ts';

export interface ChatAnswer {
  /** Aborts when the client went away (then nobody is left to tell). */
  clientGone: AbortSignal;
  /** Aborts when the client went away or the server stopped the answer: the model stops. */
  signal: AbortSignal;
  /** Stops the answer for `reason` (the server shutting down while it streams). */
  stop: (reason: Error) => void;
  /** What the turn costs the request's key: every chat route passes it to its use case. */
  meter: ChatMeter;
}

/** Takes one of the client's chat slots (429 past `SEMA_MAX_CHATS_PER_CLIENT`) for this answer. */
export function startChatAnswer(request: FastifyRequest, reply: FastifyReply): ChatAnswer {
  const clientGone = clientGoneSignal(reply, request.server.clientCaps.chats.acquire(request.ip));
  const controller = new AbortController();
  return {
    clientGone,
    signal: AbortSignal.any([clientGone, controller.signal]),
    stop: (reason) => controller.abort(reason),
    meter: request.server.apiKeys.meter(request),
  };
}

/**
 * Sends the rest of an answer whose `first` event was taken before (so that failures before it
 * kept their HTTP status) as server-sent events; a later failure is its last, `error`, event.
 */
export function sendChatStream<E>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ChatAnswer,
  stream: { first: E; rest: AsyncIterator<E> },
): FastifyReply {
  return sendEventStream<E | ReturnType<typeof chatErrorEvent>>(reply, stream.rest, {
    first: stream.first,
    clientGone: answer.clientGone,
    errorEvent: (error) => chatErrorEvent(error, request.log),
    stop: answer.stop,
  });
}
