/**
 * What a chat turn costs the API key (or web session) that asks for it, the same on every chat
 * surface (/api/v1/chat, /api/v1/chat/translated, /v1/chat/completions): the characters of the
 * conversation it sends, counted and checked against the key's monthly limit before any work (a
 * translation, the model), and the characters of the answer it receives (reasoning included),
 * counted when the answer ends — even past the limit, since the answer was delivered; the key's next
 * request is then refused. A chat turn thus costs what translating the same text would.
 */
import type { ChatMessage } from '@sema/shared/api/chat';

export interface ChatMeter {
  /** Counts the conversation before any work; throws a 429 when it would pass the key's limit. */
  admit(characters: number): Promise<void>;
  /** Counts the answer delivered (never throws: the answer is already the client's). */
  spend(characters: number): Promise<void>;
}

/** A turn nobody pays for: a server without keys, or a turn inside another that pays (the translated chat). */
export const UNMETERED: ChatMeter = { admit: async () => {}, spend: async () => {} };

/** The characters of a conversation as it is sent. */
export const conversationCharacters = (messages: readonly Pick<ChatMessage, 'content'>[]) =>
  messages.reduce((sum, message) => sum + message.content.length, 0);

/**
 * The events of an answer, passed on as they come, with what the client received (`charactersOf`
 * each event) spent once the answer ends, however it ends: finished, failed, or the client gone.
 */
export async function* meteredAnswer<E>(
  events: AsyncIterable<E>,
  meter: ChatMeter,
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
