/**
 * The conversation's memory: earlier turns go to the model in English (the question as translated,
 * the answer as the model wrote it), oldest first, within a budget under the server's input limit.
 */
import type { ChatMessage as ApiChatMessage } from '@sema/shared/api/chat';

import type { ChatReply } from './chat-reply';

/** Characters of earlier turns sent along; older turns beyond it are left out. */
export const HISTORY_BUDGET_CHARS = 16_000;

export function englishHistory(
  earlier: readonly ChatReply[],
  budget = HISTORY_BUDGET_CHARS,
): ApiChatMessage[] {
  const turns: ApiChatMessage[][] = [];
  for (const reply of earlier) {
    const question = reply.question.english;
    if (
      question === undefined ||
      !reply.english.trim() ||
      (reply.status !== 'done' && reply.status !== 'stopped')
    )
      continue;
    turns.push([
      { role: 'user', content: question },
      { role: 'assistant', content: reply.english },
    ]);
  }
  const kept: ApiChatMessage[][] = [];
  let used = 0;
  for (const turn of turns.reverse()) {
    const size = turn[0]!.content.length + turn[1]!.content.length;
    if (used + size > budget) break;
    used += size;
    kept.unshift(turn);
  }
  return kept.flat();
}
