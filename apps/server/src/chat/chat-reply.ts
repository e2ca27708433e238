/**
 * What every chat route (/api/v1/chat, /api/v1/chat/translated, OpenAI's /v1/chat/completions and
 * /v1/responses) does around its answer: the client's per-client slot, the signal that stops the
 * model when the client goes away or the server ends the stream, and the answer written whole or as
 * server-sent events through the protocol's encoder (Sema's events as they are, OpenAI's shapes).
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { TranslatedChatEvent, TranslatedChatResponse } from '@sema/shared/api/translated-chat';
import { clientGoneSignal } from '../lib/http/client-gone.ts';
import { sendEventStream } from '../lib/http/sse.ts';
import { isWebBudget } from '../lib/web-session.ts';
import { chatErrorEvent } from './chat-errors.ts';
import type { Meter } from '../lib/meter.ts';
import { answerOf, startTurn } from './translated-turn-stream.ts';

export interface ChatAnswer {
  /** Aborts when the client went away (then nobody is left to tell). */
  clientGone: AbortSignal;
  /**
   * Aborts when the client went away or the server stopped the answer: every piece of work stops.
   * (A stop the client asked for is `interrupted`: the model stops, the rest finishes.)
   */
  signal: AbortSignal;
  /** This turn's id, which the client's stop request names (chat/running-turns.ts). */
  turnId: string;
  /** Aborts when the client asked to stop the answer: the model stops; what it wrote is finished. */
  interrupted: AbortSignal;
  /** Stops the answer for `reason` (the server shutting down while it streams). */
  stop: (reason: Error) => void;
  /** What the turn costs the request's key: every chat route passes it to its use case. */
  meter: Meter;
}

/**
 * Takes one of the client's chat slots (429 past `SEMA_MAX_CHATS_PER_CLIENT`) for this answer. The
 * client is the API key when the request has one (a chat app's backend serves many people from one
 * address: with keys on, its key is the client, and another key has its own slots), else the address.
 */
export function startChatAnswer(request: FastifyRequest, reply: FastifyReply): ChatAnswer {
  const { chats } = request.server.clientCaps;
  // A web session spends its address's budget: its address is the client.
  const release =
    request.apiKey && !isWebBudget(request.apiKey)
      ? chats.acquire(`key:${request.apiKey.id}`, 'key')
      : chats.acquire(request.ip, 'address');
  const turn = request.server.chatTurns.start(turnOwner(request));
  const clientGone = clientGoneSignal(reply, () => {
    turn.end();
    release();
  });
  const controller = new AbortController();
  return {
    clientGone,
    signal: AbortSignal.any([clientGone, controller.signal]),
    turnId: turn.id,
    interrupted: turn.interrupted,
    stop: (reason) => controller.abort(reason),
    meter: request.server.apiKeys.meter(request),
  };
}

/**
 * Who may stop a turn: the client that started it — its API key (a web session: its address's
 * budget), else its address.
 */
export const turnOwner = (request: FastifyRequest): string =>
  request.apiKey ? `key:${request.apiKey.id}` : `address:${request.ip}`;

/** How a protocol writes a turn's events: its encoder, its error event and its framing. */
export interface StreamEncoder<E, W> {
  /** The protocol's events for the turn's events, in order. */
  encode(events: AsyncIterable<E>): AsyncIterable<W>;
  /** The protocol's last event for a failure (or the server ending the stream). */
  error(failure: unknown): W;
  /** How one event is written; one `data:` line of JSON by default. */
  format?: (event: W) => string;
  /** Written after the last event (OpenAI's `data: [DONE]`). */
  trailer?: string;
}

/** A protocol's shapes for a translated turn: the whole answer as one object, or its stream. */
export interface TurnEncoder<W> extends StreamEncoder<TranslatedChatEvent, W> {
  whole(answer: TranslatedChatResponse): unknown;
}

/** Sema's own shapes: the events as they are, a failure as `{type: 'error', detail, code}`. */
export function semaEncoder<E>(
  log: FastifyBaseLogger,
): StreamEncoder<E, E | ReturnType<typeof chatErrorEvent>> & { whole<A>(answer: A): A } {
  return {
    encode: (events) => events,
    error: (failure) => chatErrorEvent(failure, log),
    whole: (answer) => answer,
  };
}

/**
 * Answers a translated turn the way its protocol asks: whole, or streamed through the encoder once
 * the answer has begun (failures before it — bad input, upstream 401/429, no model — keep their
 * HTTP status). Every chat protocol's route is a decoder, this call and an encoder.
 */
export async function replyWithTurn<W>(
  request: FastifyRequest,
  reply: FastifyReply,
  turn: (answer: ChatAnswer) => AsyncGenerator<TranslatedChatEvent>,
  { stream, encoder: encoderFor }: { stream: boolean; encoder: (turnId: string) => TurnEncoder<W> },
): Promise<unknown> {
  const answer = startChatAnswer(request, reply);
  const events = withTurnId(turn(answer), answer.turnId);
  const encoder = encoderFor(answer.turnId);
  if (!stream) return encoder.whole(await answerOf(events));
  return sendEncodedStream(reply, answer, await startTurn(events), encoder);
}

/** The turn's events, its id on the first (`language`) so that the client can ask to stop it. */
async function* withTurnId(
  events: AsyncGenerator<TranslatedChatEvent>,
  turnId: string,
): AsyncGenerator<TranslatedChatEvent> {
  for await (const event of events) yield event.type === 'language' ? { ...event, turn_id: turnId } : event;
}

/**
 * Sends an answer whose `first` event was taken before, through a protocol's encoder, with the
 * heartbeat, the drain and the stall guard every stream has (lib/http/sse.ts).
 */
export function sendEncodedStream<E, W>(
  reply: FastifyReply,
  answer: ChatAnswer,
  stream: { first: E; rest: AsyncIterator<E> },
  encoder: StreamEncoder<E, W>,
): FastifyReply {
  async function* all(): AsyncGenerator<E> {
    yield stream.first;
    for (let next = await stream.rest.next(); !next.done; next = await stream.rest.next()) yield next.value;
  }
  return sendEventStream<W>(reply, encoder.encode(all())[Symbol.asyncIterator](), {
    clientGone: answer.clientGone,
    errorEvent: (error) => encoder.error(error),
    stop: answer.stop,
    ...(encoder.format ? { format: encoder.format } : {}),
    ...(encoder.trailer ? { trailer: encoder.trailer } : {}),
  });
}
