import type { ChatAnswerReply, ConversationMessage, UserMessage } from './messages';

/** Nothing is being answered: no reply waits for its first words and no chat answer is being written. */
export function isIdle(messages: readonly ConversationMessage[]): boolean {
  return !messages.some(
    (message) =>
      message.isLoading ||
      (message.kind === 'chat' &&
        (message.chat.status === 'preparing' || message.chat.status === 'streaming')),
  );
}

/**
 * The newest chat answer and the question it answered, when it can be asked for again: a question
 * about a dropped file cannot (the file is not kept).
 */
export function regenerableAnswer(
  messages: readonly ConversationMessage[],
): { answer: ChatAnswerReply; question: UserMessage } | undefined {
  const answer = messages.findLast((message) => message.kind === 'chat');
  if (!answer) return undefined;
  const question = messages.slice(0, messages.indexOf(answer)).findLast((message) => message.kind === 'user');
  return question && !question.attachment ? { answer, question } : undefined;
}
