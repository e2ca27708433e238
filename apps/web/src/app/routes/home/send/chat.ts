import { UI_ERRORS } from '@sema/shared/errors';

import type { ChatMessage } from '@/features/conversation/types';
import { chatReplyOf, displayedAnswer, type ChatReply } from '@/features/chat/chat-reply';
import { sendChat } from '@/features/chat/send-chat';

import type { SendHandler } from './types';

/** The assistant message for a chat reply: drawn by the `chat` renderer from `extra.chat`. */
function replyPatch(reply: ChatReply): Partial<ChatMessage> {
  const answer = displayedAnswer(reply);
  const metadata = reply.result?.metadata;
  return {
    kind: 'chat',
    // The three dots until something of the answer (or its reasoning) arrives.
    isLoading:
      reply.status === 'preparing' || (reply.status === 'streaming' && !reply.reasoning && !reply.english),
    error: reply.status === 'error',
    content: reply.status === 'error' && !answer ? UI_ERRORS.chat : answer,
    errorDetail: reply.error?.detail,
    detectedLanguage: reply.detectedLanguage,
    chatData: metadata && {
      originalText: reply.question.original,
      translatedText: reply.question.english ?? reply.question.original,
      detectedLanguage: metadata.sourceLanguage,
      model: metadata.model,
      processingTime: metadata.processingTime,
      tokens: metadata.tokens,
      translationUsed: metadata.translationUsed,
    },
    extra: { chat: reply },
  };
}

/** Chat mode (spec part 7): the chat feature's flow, with the conversation's earlier chat turns as memory. */
export const chatHandler: SendHandler = async (request, { updateReply, history }) => {
  const earlier = history.flatMap((message) => chatReplyOf(message.extra) ?? []);
  await sendChat(request.text, earlier, (reply) => updateReply(replyPatch(reply)));
};
