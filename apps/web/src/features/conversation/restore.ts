import type { FailedReply, ConversationMessage } from './messages';

const INTERRUPTED = 'This reply was interrupted when the page closed.';
const NEVER_SENT =
  'Not sent: the page closed while you were offline, and the file went with it. Send the file again.';

/** A reply that can no longer come, shown as failed where it stood, with why. */
const failedInPlaceOf = (message: ConversationMessage, content: string): FailedReply => ({
  id: message.id,
  timestamp: message.timestamp,
  role: 'assistant',
  kind: 'failure',
  error: true,
  content,
});

/**
 * A saved conversation as it can be shown again: a reply that was still being written when the page
 * closed cannot go on, so it is shown as interrupted (a chat answer keeps what it had, as if stopped),
 * and one that was waiting for the network with a file as not sent (the file is gone); one without
 * a file keeps waiting.
 */
export function restoreMessages(messages: readonly ConversationMessage[]): ConversationMessage[] {
  return messages.map((message): ConversationMessage => {
    switch (message.kind) {
      case 'pending':
        return failedInPlaceOf(message, INTERRUPTED);
      // Still waiting: it goes out when the connection is there (a file it carried is gone).
      case 'queued':
        return message.hasFile ? failedInPlaceOf(message, NEVER_SENT) : message;
      case 'chat':
        return message.chat.status === 'preparing' || message.chat.status === 'streaming'
          ? { ...message, chat: { ...message.chat, status: 'stopped' } }
          : message;
      case 'document':
        return message.document.result || message.error
          ? message
          : {
              ...message,
              error: true,
              content: INTERRUPTED,
              document: { fileName: message.document.fileName },
            };
      default:
        return message;
    }
  });
}

/** Where a conversation's first words and languages come from for the history list. */
export function conversationSummary(messages: readonly ConversationMessage[]): {
  firstText: string;
  language?: string;
} {
  const first = messages.find((message) => message.kind === 'user');
  const firstText = first?.content.trim() || first?.attachment?.name || '';
  const detected = messages.find((message) => message.kind === 'chat' && message.chat.detectedLanguage);
  return {
    firstText,
    ...(detected?.kind === 'chat' && detected.chat.detectedLanguage
      ? { language: detected.chat.detectedLanguage }
      : {}),
  };
}
