import { CopyButton } from '@/components/ui/copy-button';
import { FileIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatBytes, formatTime } from '@/lib/format-time';

import type { MessageBase, MessageRenderer } from '../types';
import { LoadingDots } from './loading-dots';

interface MessageBubbleProps<M extends MessageBase> {
  message: M;
  renderContent: MessageRenderer<M>;
  renderActions?: MessageRenderer<M> | undefined;
}

/** One message: user on the right, assistant on the left, with its time and a copy button. */
export function MessageBubble<M extends MessageBase>({
  message,
  renderContent,
  renderActions,
}: MessageBubbleProps<M>) {
  const isUser = message.role === 'user';
  return (
    <li
      className={cn('flex flex-col gap-1', isUser ? 'items-end' : 'items-start')}
      data-role={message.role}
      aria-busy={message.isLoading || undefined}
    >
      <span className="sr-only">{isUser ? 'You said:' : 'Sema replied:'}</span>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2.5 text-[15px] leading-relaxed sm:max-w-[75%]',
          isUser
            ? 'rounded-br-md bg-brand-600 text-white'
            : message.error
              ? 'rounded-bl-md border border-red-200 bg-red-50 text-slate-900'
              : 'rounded-bl-md border border-slate-200 bg-white text-slate-900',
        )}
      >
        {message.attachment && (
          <p
            className={cn(
              'mb-1.5 flex items-center gap-1.5 text-sm',
              isUser ? 'text-brand-50' : 'text-slate-700',
            )}
          >
            <FileIcon width={16} height={16} className="shrink-0" />
            <span className="truncate" title={message.attachment.name}>
              {message.attachment.name}
            </span>
            <span className="shrink-0">({formatBytes(message.attachment.size)})</span>
          </p>
        )}
        {message.isLoading ? <LoadingDots /> : renderContent(message)}
      </div>
      <div
        className={cn('flex items-center gap-1 px-1 text-xs text-slate-600', isUser && 'flex-row-reverse')}
      >
        <time dateTime={new Date(message.timestamp).toISOString()}>{formatTime(message.timestamp)}</time>
        {!message.isLoading && message.content && (
          <CopyButton text={message.content} label={isUser ? 'Copy your message' : 'Copy reply'} />
        )}
        {!message.isLoading && renderActions?.(message)}
      </div>
    </li>
  );
}
