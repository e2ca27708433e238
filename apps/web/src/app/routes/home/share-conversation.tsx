import { ShareButton } from '@/components/ui/share-button';
import { conversationMarkdown } from '@/features/conversation/markdown-export';
import type { ConversationMessage } from '@/features/conversation/messages';

/**
 * "Share conversation": the whole conversation as Markdown. A chunk of its own (with the message
 * actions' share button), fetched when the browser is idle: the welcome screen has no conversation.
 */
export function ShareConversation({
  messages,
  nameOf,
}: {
  messages: readonly ConversationMessage[];
  nameOf: (code: string) => string;
}) {
  return (
    <ShareButton
      markdown={() => conversationMarkdown(messages, nameOf)}
      label="Share conversation"
      showText
    />
  );
}
