/**
 * How much of a conversation the model sees: one rule for every chat surface (the web app, Sema's
 * API, every OpenAI client), decided here on the server. The system messages and the message being
 * answered always go; earlier messages go newest first while the whole stays within the chat limit
 * (`SEMA_CHAT_MAX_INPUT_CHARS`), and older ones are left out rather than the turn refused. Only a
 * question that cannot fit with the system messages is refused (413). What is left out is not
 * charged: a turn's meter admits the window.
 */
import type { ChatMessage } from '@sema/shared/api/chat';
import { ApiError } from '../lib/errors.ts';

export function chatInputTooLong(length: number, limit: number): string {
  return `Chat input is too long: ${length} characters in the message and the system messages (the limit is ${limit})`;
}

/**
 * The messages the model sees, in order. `sizeOf` measures a message as the model reads it (a
 * translated turn: its English, when the client kept it).
 */
export function conversationWindow<M extends Pick<ChatMessage, 'role' | 'content'>>(
  messages: readonly M[],
  limit: number,
  sizeOf: (message: M) => number = (message) => message.content.length,
): M[] {
  const last = messages.length - 1;
  const always = (message: M, index: number) => index === last || message.role === 'system';
  const fixed = messages.reduce(
    (sum, message, index) => sum + (always(message, index) ? sizeOf(message) : 0),
    0,
  );
  if (fixed > limit) throw new ApiError(413, 'TEXT_TOO_LONG', chatInputTooLong(fixed, limit));
  const kept = new Set<number>();
  let used = fixed;
  for (let index = last - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'system') continue;
    if (used + sizeOf(message) > limit) break;
    used += sizeOf(message);
    kept.add(index);
  }
  // A kept answer whose question was left out goes too: the model reads whole exchanges.
  const earliest = Math.min(...kept);
  if (kept.size > 0 && messages[earliest]!.role === 'assistant') kept.delete(earliest);
  return messages.filter((message, index) => always(message, index) || kept.has(index));
}
