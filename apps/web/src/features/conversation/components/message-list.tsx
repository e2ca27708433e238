import { useEffect, useLayoutEffect, useRef } from 'react';

import type { MessageBase, MessageRenderer } from '../types';
import { MessageBubble } from './message-bubble';
import { PlainTextContent } from './plain-text-content';

/** How close to the bottom (px) still counts as "reading the newest message". */
const BOTTOM_SLACK_PX = 64;

const plainText: MessageRenderer = (message) => <PlainTextContent text={message.content} />;

interface MessageListProps<M extends MessageBase> {
  messages: readonly M[];
  /** Draws each message's content; plain text by default. */
  renderContent?: MessageRenderer<M>;
  /** Buttons beside a message's time and copy button (listen, share, edit…). */
  renderActions?: MessageRenderer<M>;
}

/**
 * The conversation, scrolled to the newest message as it grows — unless the reader has scrolled up
 * to read an earlier one; sending a new message always brings the view back down.
 */
export function MessageList<M extends MessageBase>({
  messages,
  renderContent = plainText,
  renderActions,
}: MessageListProps<M>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const pinnedToBottom = useRef(true);
  const lastUserMessageId = useRef<string | undefined>(undefined);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    pinnedToBottom.current =
      element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;
  };

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const newestUser = messages.findLast((message) => message.role === 'user')?.id;
    const userJustSent = newestUser !== undefined && newestUser !== lastUserMessageId.current;
    lastUserMessageId.current = newestUser;
    if (userJustSent || pinnedToBottom.current) {
      element.scrollTop = element.scrollHeight;
      pinnedToBottom.current = true;
    }
  }, [messages]);

  // Content that grows after layout (fonts, images) keeps a pinned view at the bottom.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinnedToBottom.current) element.scrollTop = element.scrollHeight;
    });
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto"
      data-testid="message-scroller"
    >
      <ol
        aria-label="Conversation"
        className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6"
        aria-live="polite"
      >
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            renderContent={renderContent}
            renderActions={renderActions}
          />
        ))}
      </ol>
    </div>
  );
}
