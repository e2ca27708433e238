import { UI_ERRORS } from '@sema/shared/errors';

import { lazy, Suspense } from 'react';

import { ErrorDetails } from '@/components/ui/error-details';
import { LoadingDots } from '@/features/conversation/components/loading-dots';
import { PlainTextContent } from '@/features/conversation/components/plain-text-content';
import type { MessageRenderer } from '@/features/conversation/types';
import { DetectedLanguage } from '@/languages/components/detected-language';
import { useLanguageLookup } from '@/languages/hooks/use-language-lookup';
import { languageTag } from '@/languages/language-tag';

import {
  QUEUED_TEXT,
  type DocumentResultReply,
  type FailedReply,
  type ConversationMessage,
  type TranslationReply,
} from '@/features/conversation/messages';

// Chat answers (Markdown, highlighting) and document results are drawn by code fetched the first
// time one is shown (or when the home screen expects one), keeping the first screen small.
const loadChatAnswer = () => import('@/features/chat/components/chat-answer');
const loadDocumentReply = () => import('@/features/documents/components/document-reply-content');
const ChatAnswer = lazy(() => loadChatAnswer().then((module) => ({ default: module.ChatAnswer })));
const DocumentReplyContent = lazy(() =>
  loadDocumentReply().then((module) => ({ default: module.DocumentReplyContent })),
);

/** Starts fetching a renderer before its first reply arrives (on switching to chat, on a staged file). */
export function preloadRenderers(kind: 'chat' | 'document'): void {
  void (kind === 'chat' ? loadChatAnswer() : loadDocumentReply()).catch(() => undefined);
}

/** A translation: the text in its language, the detected source, or the spec's failure note. */
function TranslationContent({ message }: { message: TranslationReply }) {
  const target = message.translationData?.targetLanguage;
  return (
    <div className="flex flex-col gap-1.5">
      {message.content && (
        <p
          dir="auto"
          lang={target ? languageTag(target) : undefined}
          className="break-words whitespace-pre-wrap"
        >
          {message.content}
        </p>
      )}
      {/* A retry cannot help: the reason and what to do, not "Please try again" (two lines in all). */}
      {message.error && !message.finalFailure && (
        <p className="text-sm font-medium text-red-700">{UI_ERRORS.translateNote}</p>
      )}
      {message.errorDetail && <p className="text-sm text-slate-700">{message.errorDetail}</p>}
      {!message.finalFailure && <ErrorDetails detail={message.technicalDetail} />}
      {message.detectedLanguage && (
        <DetectedLanguage code={message.detectedLanguage} confidence={message.detectionConfidence} />
      )}
    </div>
  );
}

/** A send that failed outside its handler: the default flow error and the reason under it. */
function FailureContent({ message }: { message: FailedReply }) {
  return (
    <div className="flex flex-col gap-0.5" role="alert">
      <p dir="auto" className="break-words whitespace-pre-wrap text-red-800">
        {message.content}
      </p>
      {message.errorDetail && <p className="text-sm text-red-800">{message.errorDetail}</p>}
      <ErrorDetails detail={message.technicalDetail} />
    </div>
  );
}

/** A document translated in translate mode: progress, then preview and download, or the server's reason. */
function DocumentContent({ message }: { message: DocumentResultReply }) {
  const { nameOf } = useLanguageLookup();
  return (
    <Suspense fallback={<LoadingDots />}>
      <DocumentReplyContent
        reply={message.document}
        error={message.error ? message.content : undefined}
        detectedLanguage={message.detectedLanguage}
        languageName={nameOf}
      />
      <ErrorDetails detail={message.technicalDetail} />
      {message.textNotUsed && (
        <p className="mt-1 text-xs text-slate-700" data-testid="text-not-used">
          The text you typed with the file was not translated: only the file was.
        </p>
      )}
    </Suspense>
  );
}

/** Draws a message by its kind; the compiler checks that every kind has its drawing. */
export const renderMessageContent: MessageRenderer<ConversationMessage> = (message) => {
  switch (message.kind) {
    case 'user':
      return <PlainTextContent text={message.content} />;
    case 'pending':
      return <LoadingDots />;
    case 'queued':
      return (
        <p className="text-sm text-slate-700" data-testid="queued-reply">
          {QUEUED_TEXT}
        </p>
      );
    case 'translation':
      return <TranslationContent message={message} />;
    case 'chat':
      return (
        <Suspense fallback={<LoadingDots />}>
          <ChatAnswer reply={message.chat} />
        </Suspense>
      );
    case 'document':
      return <DocumentContent message={message} />;
    case 'failure':
      return <FailureContent message={message} />;
  }
};
