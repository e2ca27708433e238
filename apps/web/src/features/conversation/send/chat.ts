import { UI_ERRORS } from '@sema/shared/errors';

import { DOCUMENT_CONTEXT_CHARS } from '@sema/shared/chat/document-context';

import { displayedAnswer, sendChat, type ChatReply, type DocumentReader } from '@/features/chat';
import { readDocumentInEnglish } from '@/features/documents';

import type { ReplyContent } from '../messages';
import type { SendHandler } from './types';

/** The assistant message for a chat reply: drawn by the `chat` renderer from the flow's reply. */
function chatMessage(reply: ChatReply): ReplyContent {
  const answer = displayedAnswer(reply);
  return {
    kind: 'chat',
    // The three dots until something of the answer (or its reasoning) arrives; a document being
    // read shows its progress (and Stop) instead.
    isLoading:
      (reply.status === 'preparing' && !reply.document) ||
      (reply.status === 'streaming' && !reply.reasoning && !reply.english),
    error: reply.status === 'error',
    content: reply.status === 'error' && !answer ? UI_ERRORS.chat : answer,
    chat: reply,
  };
}

/** A dropped file read by the documents feature, in English and within the chat's budget. */
function documentReader(file: File): DocumentReader {
  return (signal, onProgress) =>
    readDocumentInEnglish({ file, maxChars: DOCUMENT_CONTEXT_CHARS, signal, onProgress });
}

/**
 * Chat mode: the chat feature's flow, with the conversation's earlier chat turns as
 * memory. A dropped file is the context of the message, read by the documents feature.
 */
export const chatHandler: SendHandler = async (request, { setReply, history }) => {
  const earlier = history.flatMap((message) => (message.kind === 'chat' ? [message.chat] : []));
  const document = request.file
    ? { fileName: request.file.name, read: documentReader(request.file) }
    : undefined;
  await sendChat(request.text, earlier, (reply) => setReply(chatMessage(reply)), { document });
};
