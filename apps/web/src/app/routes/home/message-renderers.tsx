import { UI_ERRORS } from '@sema/shared/errors';

import { lazy, Suspense } from 'react';

import { chatReplyOf } from '@/features/chat/chat-reply';
import { LoadingDots } from '@/features/conversation/components/loading-dots';
import { PlainTextContent } from '@/features/conversation/components/plain-text-content';
import { DOCUMENT_MESSAGE_KIND, documentReplyOf } from '@/features/documents/document-reply';
import type { ChatMessage, MessageRenderer } from '@/features/conversation/types';
import { DetectedLanguage } from '@/features/languages/components/detected-language';
import { useLanguageLookup } from '@/features/languages/hooks/use-language-lookup';
import { languageTag } from '@/features/languages/language-tag';

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
function TranslationContent({ message }: { message: ChatMessage }) {
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
      {message.error && <p className="text-sm font-medium text-red-700">{UI_ERRORS.translateNote}</p>}
      {message.errorDetail && <p className="text-sm text-slate-700">{message.errorDetail}</p>}
      {message.detectedLanguage && (
        <DetectedLanguage code={message.detectedLanguage} confidence={message.detectionConfidence} />
      )}
    </div>
  );
}

/** Errors that are not translations (chat, documents) keep the text and read as errors. */
function TextContent({ message }: { message: ChatMessage }) {
  if (!message.error) return <PlainTextContent message={message} />;
  return (
    <div className="flex flex-col gap-0.5" role="alert">
      <p dir="auto" className="break-words whitespace-pre-wrap text-red-800">
        {message.content}
      </p>
      {message.errorDetail && <p className="text-sm text-red-800">{message.errorDetail}</p>}
    </div>
  );
}

/** A document translated in translate mode: progress, then preview and download, or the server's reason. */
function DocumentContent({ message }: { message: ChatMessage }) {
  const { nameOf } = useLanguageLookup();
  return (
    <Suspense fallback={<LoadingDots />}>
      <DocumentReplyContent
        reply={documentReplyOf(message.extra)}
        error={message.error ? message.content : undefined}
        detectedLanguage={message.detectedLanguage}
        languageName={nameOf}
      />
    </Suspense>
  );
}

/**
 * Renderers by message kind. A feature that adds a kind of reply (streamed chat, a translated
 * document) adds its renderer here.
 */
const renderers: Record<string, MessageRenderer> = {
  translation: (message) => <TranslationContent message={message} />,
  chat: (message) => {
    const reply = chatReplyOf(message.extra);
    return reply ? (
      <Suspense fallback={<LoadingDots />}>
        <ChatAnswer reply={reply} />
      </Suspense>
    ) : (
      <TextContent message={message} />
    );
  },
  text: (message) => <TextContent message={message} />,
  [DOCUMENT_MESSAGE_KIND]: (message) => <DocumentContent message={message} />,
};

export const renderMessageContent: MessageRenderer = (message) =>
  (renderers[message.kind ?? 'text'] ?? renderers.text!)(message);
