/**
 * The conversation's memory: earlier turns go to the model in English (the question as translated,
 * the answer as the model wrote it), oldest first, within a budget under the server's input limit.
 *
 * Documents: only the newest document's text goes along (so follow-ups can ask about it), and only
 * when the message being sent brings no document of its own. Any other turn about a document keeps
 * its question with the document's name; so does the newest one when its text no longer fits in the
 * budget. At most one document's text, at most DOCUMENT_CONTEXT_CHARS, is ever in the memory.
 */
import type { ChatMessage as ApiChatMessage } from '@sema/shared/api/chat';

import type { ChatReply } from './chat-reply';
import { documentMention, documentPrompt } from '@sema/shared/chat/document-context';

/** Characters of earlier turns sent along; older turns beyond it are left out. */
export const HISTORY_BUDGET_CHARS = 16_000;

export interface HistoryOptions {
  budget?: number;
  /** Send the newest earlier document's text (false when this message brings its own document). */
  documentText?: boolean;
}

/** A finished turn the model can remember: its question in English and an answer. */
function remembered(reply: ChatReply): reply is ChatReply & { question: { english: string } } {
  return (
    reply.question.english !== undefined &&
    reply.english.trim() !== '' &&
    (reply.status === 'done' || reply.status === 'stopped')
  );
}

/** The ways a turn's question can be sent, fullest first. */
function questionForms(reply: ChatReply & { question: { english: string } }, withText: boolean): string[] {
  const { document } = reply;
  if (document?.english === undefined) return [reply.question.english];
  const mention = documentMention(document.fileName, reply.question.english);
  if (!withText) return [mention];
  const full = documentPrompt(
    { fileName: document.fileName, english: document.english, truncated: document.truncated ?? false },
    reply.question.english,
  );
  return [full, mention];
}

export function englishHistory(
  earlier: readonly ChatReply[],
  { budget = HISTORY_BUDGET_CHARS, documentText = true }: HistoryOptions = {},
): ApiChatMessage[] {
  const turns = earlier.filter(remembered);
  const newestDocument = documentText
    ? turns.findLast((reply) => reply.document?.english !== undefined)
    : undefined;
  const kept: ApiChatMessage[][] = [];
  let used = 0;
  for (const reply of turns.reverse()) {
    const answer = reply.english;
    const question = questionForms(reply, reply === newestDocument).find(
      (form) => used + form.length + answer.length <= budget,
    );
    if (question === undefined) break;
    used += question.length + answer.length;
    kept.unshift([
      { role: 'user', content: question },
      { role: 'assistant', content: answer },
    ]);
  }
  return kept.flat();
}
