/**
 * The conversation as the web app sends it: every earlier finished turn, oldest first, each message
 * as the user saw it with the English the model saw or wrote (so the server translates nothing
 * again). How much of it the model reads is the server's rule, the same for every client
 * (apps/server/src/chat/conversation-window.ts): older turns past the chat limit are left out there.
 *
 * Documents: only the newest document's text goes along (so follow-ups can ask about it), and only
 * when the message being sent brings no document of its own; any other turn about a document keeps
 * its question with the document's name.
 */
import type { TranslatedChatMessage } from '@sema/shared/api/translated-chat';
import { documentMention, documentPrompt } from '@sema/shared/chat/document-context';

import { displayedAnswer, type ChatReply } from './chat-reply';

export interface HistoryOptions {
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

/** A turn's question in English: with its document's text, or naming the document. */
function questionInEnglish(reply: ChatReply & { question: { english: string } }, withText: boolean): string {
  const { document } = reply;
  if (document?.english === undefined) return reply.question.english;
  if (!withText) return documentMention(document.fileName, reply.question.english);
  return documentPrompt(
    { fileName: document.fileName, english: document.english, truncated: document.truncated ?? false },
    reply.question.english,
  );
}

export function earlierMessages(
  earlier: readonly ChatReply[],
  { documentText = true }: HistoryOptions = {},
): TranslatedChatMessage[] {
  const turns = earlier.filter(remembered);
  const newestDocument = documentText
    ? turns.findLast((reply) => reply.document?.english !== undefined)
    : undefined;
  return turns.flatMap((reply): TranslatedChatMessage[] => [
    {
      role: 'user',
      content: reply.question.original || reply.question.english,
      english: questionInEnglish(reply, reply === newestDocument),
    },
    { role: 'assistant', content: displayedAnswer(reply) || reply.english, english: reply.english },
  ]);
}
