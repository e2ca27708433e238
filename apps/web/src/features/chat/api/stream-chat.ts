import type { ChatRequest, ChatStreamEvent } from '@sema/shared/api/chat';

import { ApiError } from '@/lib/api-client';
import { apiEventStream } from '@/lib/api-stream';

/** The events of an answer, without the final `error` (thrown as an ApiError instead). */
export type ChatAnswerEvent = Exclude<ChatStreamEvent, { type: 'error' }>;

/**
 * POST /api/v1/chat with `stream: true`: yields the answer's events as they arrive. A failure before
 * the stream starts (bad key, rate limit, no provider) and an `error` event both throw an ApiError
 * whose message is the server's `detail`. Aborting `signal` stops the generation on the server too.
 */
export async function* streamChat(
  request: Omit<ChatRequest, 'stream'>,
  signal: AbortSignal,
): AsyncGenerator<ChatAnswerEvent> {
  const body: ChatRequest = { ...request, stream: true };
  for await (const event of apiEventStream<ChatStreamEvent>('/chat', { body, signal })) {
    if (event.type === 'error') throw new ApiError(event.detail, 200, event.code);
    yield event;
  }
}
