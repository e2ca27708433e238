import type { TranslatedChatEvent, TranslatedChatRequest } from '@sema/shared/api/translated-chat';

import { ApiError } from '@/lib/api-client';
import { apiEventStream } from '@/lib/api-stream';

/** The events of a turn, without the final `error` (thrown as an ApiError instead). */
export type ChatTurnEvent = Exclude<TranslatedChatEvent, { type: 'error' }>;

/**
 * POST /api/v1/chat/translated with `stream: true`: one request per chat turn. The server detects
 * the language, translates the question, streams the model's answer and translates it back; this
 * yields its events as they arrive. A failure before the stream starts (bad key, rate limit, no
 * provider) and an `error` event both throw an ApiError whose message is the server's `detail`.
 * Aborting `signal` stops the model and the translations on the server too.
 */
export async function* streamChatTurn(
  request: Omit<TranslatedChatRequest, 'stream'>,
  signal: AbortSignal,
): AsyncGenerator<ChatTurnEvent> {
  const body: TranslatedChatRequest = { ...request, stream: true };
  for await (const event of apiEventStream<TranslatedChatEvent>('/chat/translated', { body, signal })) {
    if (event.type === 'error') throw new ApiError(event.detail, 200, event.code);
    yield event;
  }
}
