import { EditIcon, RedoIcon } from '@/components/ui/icons';
import { ListenButton } from '@/components/ui/listen-button';
import { ShareButton } from '@/components/ui/share-button';
import { displayedAnswer } from '@/features/chat';
import { useLanguageLookup } from '@/languages/hooks/use-language-lookup';
import { languageTag } from '@/languages/language-tag';
import { messageMarkdown } from '@/features/conversation/markdown-export';
import type { ConversationMessage } from '@/features/conversation/messages';
import { retryCannotHelp } from '@/lib/plain-error';

interface MessageActionsProps {
  message: ConversationMessage;
  /** The newest chat answer: it can be asked for again. */
  isLastAnswer: boolean;
  onRegenerate: () => void;
  onEdit: (message: ConversationMessage) => void;
  /** Nothing is being answered: a message can be edited or an answer asked again. */
  idle: boolean;
}

const actionClass =
  'inline-flex items-center gap-1 rounded-md p-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900';

/** Beside a message: listen, share as Markdown, ask again (the last answer), edit (the person's own). */
export function MessageActions({ message, isLastAnswer, onRegenerate, onEdit, idle }: MessageActionsProps) {
  const { nameOf } = useLanguageLookup();
  const share = <ShareButton markdown={() => messageMarkdown(message, nameOf)} label="Share as Markdown" />;
  switch (message.kind) {
    case 'user':
      return message.attachment || !idle ? null : (
        <button
          type="button"
          className={actionClass}
          aria-label="Edit this message"
          onClick={() => onEdit(message)}
        >
          <EditIcon width={16} height={16} />
        </button>
      );
    case 'translation':
      return message.translationData ? (
        <>
          <ListenButton
            text={message.translationData.translatedText}
            languageTag={languageTag(message.translationData.targetLanguage)}
          />
          {share}
        </>
      ) : null;
    case 'chat': {
      const finished = message.chat.status === 'done' || message.chat.status === 'stopped';
      const language = message.chat.answerTranslationFailed ? 'eng_Latn' : message.chat.detectedLanguage;
      return (
        <>
          {finished && (
            <ListenButton
              text={displayedAnswer(message.chat)}
              languageTag={language && languageTag(language)}
            />
          )}
          {finished && share}
          {isLastAnswer &&
            idle &&
            message.chat.status !== 'preparing' &&
            message.chat.status !== 'streaming' &&
            // Asking again cannot help (chat off, no language, too long): no Regenerate.
            !retryCannotHelp(message.chat.error?.code) && (
              <button
                type="button"
                className={actionClass}
                aria-label="Regenerate answer"
                onClick={onRegenerate}
              >
                <RedoIcon width={16} height={16} />
              </button>
            )}
        </>
      );
    }
    default:
      return null;
  }
}
