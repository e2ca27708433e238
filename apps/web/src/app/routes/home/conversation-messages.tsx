import { MessageList } from '@/features/conversation/components/message-list';
import type { ConversationMessage } from '@/features/conversation/messages';
import type { MessageRenderer } from '@/features/conversation/types';

import { renderMessageContent } from './message-renderers';

/**
 * The conversation's messages, drawn by their kind. A chunk of its own: the first screen before
 * the first message (the welcome) does not need it; the home screen fetches it at idle.
 */
export function ConversationMessages({
  messages,
  renderActions,
}: {
  messages: readonly ConversationMessage[];
  renderActions: MessageRenderer<ConversationMessage>;
}) {
  return (
    <MessageList messages={messages} renderContent={renderMessageContent} renderActions={renderActions} />
  );
}
