import type { ChatRequest, ChatStreamEvent } from '@sema/shared/api/chat';
import { REQUEST_ERRORS } from '@sema/shared/errors';
import { EventSourceParserStream } from 'eventsource-parser/stream';

import { ApiError, apiUrl, errorFromResponse, isAbortError, unreachable } from '@/lib/api-client';

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
  let response: Response;
  try {
    response = await fetch(apiUrl('/chat'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ ...request, stream: true } satisfies ChatRequest),
      signal,
    });
  } catch (error) {
    throw unreachable(error);
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) throw new ApiError(REQUEST_ERRORS.unexpected, response.status);

  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const event = JSON.parse(value.data) as ChatStreamEvent;
      if (event.type === 'error') throw new ApiError(event.detail, response.status, event.code);
      yield event;
    }
  } catch (error) {
    if (isAbortError(error) || error instanceof ApiError) throw error;
    if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
    // A broken connection mid-answer, or an event that is not JSON.
    if (error instanceof SyntaxError) throw new ApiError(REQUEST_ERRORS.unexpected, 0);
    throw unreachable(error);
  } finally {
    reader.cancel().catch(() => {});
  }
}
