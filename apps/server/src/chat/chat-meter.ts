/**
 * What a chat turn costs the API key (or web session) that asks for it, through the request's one
 * meter (lib/meter.ts), the same on every chat surface (/api/v1/chat, /api/v1/chat/translated,
 * /v1/chat/completions, /v1/responses): the characters of the
 * conversation it sends, counted and checked against the key's monthly limit before any work (a
 * translation, the model), and the characters of the answer it receives (reasoning included),
 * counted when the answer ends — even past the limit, since the answer was delivered; the key's next
 * request is then refused. A chat turn thus costs what translating the same text would.
 */
import type { ChatMessage } from '@sema/shared/api/chat';
import type { Meter } from '../lib/meter.ts';

/** The characters of a conversation as it is sent. */
export const conversationCharacters = (messages: readonly Pick<ChatMessage, 'content'>[]) =>
  messages.reduce((sum, message) => sum + message.content.length, 0);

/**
 * The events of an answer, passed on as they come, with what the client received (`charactersOf`
 * each event) spent once the answer ends, however it ends: finished, failed, or the client gone.
 */
export async function* meteredAnswer<E>(
  events: AsyncIterable<E>,
  meter: Meter,
  charactersOf: (event: E) => number,
): AsyncGenerator<E> {
  let delivered = 0;
  try {
    for await (const event of events) {
      delivered += charactersOf(event);
      yield event;
    }
  } finally {
    await meter.spend(delivered);
  }
}
