import { AUTO } from '@sema/shared/validation';
import { Suspense, useEffect, useState } from 'react';

import { PlusIcon } from '@/components/ui/icons';
import { PRODUCT_NAME } from '@/config/constants';
import { stopAllGenerations } from '@/features/chat';
import { Composer } from '@/features/conversation/components/composer';
import { DropOverlay } from '@/features/conversation/components/drop-overlay';
import { MessageList } from '@/features/conversation/components/message-list';
import { useFileDrop } from '@/features/conversation/hooks/use-file-drop';
import { useStagedFile } from '@/features/conversation/hooks/use-staged-file';
import { useMessages } from '@/features/conversation/hooks/use-messages';
import { useRememberedConversation } from '@/features/conversation/hooks/use-remembered-conversation';
import type { ConversationMessage } from '@/features/conversation/messages';
import { preloadSendHandler } from '@/features/conversation/send/pick-send-handler';
import { useSendMessage } from '@/features/conversation/send/use-send-message';
import { isIdle, regenerableAnswer } from '@/features/conversation/turns';
import { useLanguagesVersion } from '@/languages/api/get-languages';
import { useLanguageLookup } from '@/languages/hooks/use-language-lookup';
import { useServablePair } from '@/languages/hooks/use-servable-pair';
import { languageTag } from '@/languages/language-tag';
import { ConversationHistory } from '@/features/saved-conversations/components/conversation-history';
import { refreshStatus, useStatus } from '@/features/status/api/get-status';
import { EngineNotice } from '@/features/status/components/engine-notice';
import { TranslationHistory } from '@/features/translate/components/translation-history';
import { useRememberedHistory } from '@/features/translate/hooks/use-remembered-history';
import { useTranslation } from '@/features/translate/hooks/use-translation';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { lazyComponent, whenIdle } from '@/lib/lazy';
import { useQueryCache } from '@/lib/query-cache';

import { LiveTranslateBar, PairQualityNote } from './live-translate-bar';
import { preloadRenderers, renderMessageContent } from './message-renderers';
import { Welcome } from './welcome';

/** "Share conversation", once there is one: fetched when the browser is idle. */
const ShareConversation = lazyComponent(() =>
  import('./share-conversation').then((module) => module.ShareConversation),
);

/** Listen, share, edit and regenerate beside a message: fetched when the browser is idle. */
const MessageActions = lazyComponent(() =>
  import('./message-actions').then((module) => module.MessageActions),
);

/**
 * Home: the welcome until the first message, then the conversation; the input with
 * its mode buttons, and the translate bar in translate mode. The whole screen accepts a dropped file.
 */
export function HomeRoute() {
  const { user, displayName } = useAuth();
  const { file, setFile, refusal: fileRefusal } = useStagedFile();
  const conversation = useMessages<ConversationMessage>();
  const remembered = useRememberedConversation(conversation);
  const { mode, setMode, source, setSource, target, setTarget } = remembered;
  useServablePair({ source, target, setSource, setTarget });
  const { data: status } = useStatus();
  useLanguagesVersion(status?.languages_version);
  const translation = useTranslation();
  useRememberedHistory(translation);
  const { send, resend, online } = useSendMessage({ conversation, translation });
  const { isDragging, handlers } = useFileDrop(setFile);
  const started = conversation.messages.length > 0;
  const { nameOf } = useLanguageLookup();
  /** A sent message being edited: the input holds its text, and Send replaces it. */
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  /** The typed text is already in the target language (the translate bar says so). */
  const [sameLanguage, setSameLanguage] = useState(false);

  const idle = isIdle(conversation.messages);
  const again = regenerableAnswer(conversation.messages);
  const regenerate = () => {
    if (!again) return;
    void resend(again.question.id, {
      mode: 'chat',
      text: again.question.content,
      file: null,
      sourceLanguage: source,
      targetLanguage: target,
    });
  };
  const dictationLanguage =
    mode === 'translate' && source !== AUTO ? languageTag(source) : navigator.language || undefined;

  /** A clean screen and a new conversation; the one before stays saved on the device. */
  const startFresh = () => {
    stopAllGenerations();
    conversation.clearMessages();
    translation.clearResult();
    translation.clearError();
    remembered.startNew();
  };

  // A failed translation may mean the model changed state: let the notice above the input know.
  const queryCache = useQueryCache();
  useEffect(() => {
    if (translation.error) void refreshStatus(queryCache);
  }, [translation.error, queryCache]);

  useEffect(
    () =>
      whenIdle(() => {
        void MessageActions.preload();
        void ShareConversation.preload();
        void PairQualityNote.preload();
      }),
    [],
  );
  // Fetch the code that draws a chat answer or a document result while the user is still typing.
  useEffect(() => {
    if (mode !== 'chat') return;
    preloadRenderers('chat');
    preloadSendHandler('chat');
  }, [mode]);
  useEffect(() => {
    // In chat mode a file is the context of a chat answer.
    if (!file || mode !== 'translate') return;
    preloadRenderers('document');
    preloadSendHandler('document');
  }, [file, mode]);

  return (
    <div className="relative flex h-[calc(100dvh-3.5rem)] flex-col" {...handlers}>
      <title>{`${PRODUCT_NAME} — translate and chat in 200+ languages`}</title>
      {isDragging && <DropOverlay />}
      {started ? (
        <>
          <h1 className="sr-only">{PRODUCT_NAME}</h1>
          <MessageList
            messages={conversation.messages}
            renderContent={renderMessageContent}
            renderActions={(message) => (
              <Suspense>
                <MessageActions
                  message={message}
                  isLastAnswer={message === again?.answer}
                  idle={idle}
                  onRegenerate={regenerate}
                  onEdit={(sent) => setEditing({ id: sent.id, text: sent.content })}
                />
              </Suspense>
            )}
          />
        </>
      ) : (
        <div className="flex flex-1 flex-col justify-end pb-8">
          <Welcome displayName={user ? displayName : null} />
        </div>
      )}
      <div
        className={cn('mx-auto flex w-full max-w-3xl flex-col gap-2 px-3 sm:px-4', started ? 'pb-4' : 'pb-2')}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-1">
            <ConversationHistory
              currentId={remembered.conversationId}
              onOpen={(saved) => {
                stopAllGenerations();
                remembered.open(saved);
              }}
              onDeleted={(id) => {
                if (id === remembered.conversationId) startFresh();
              }}
              onCleared={startFresh}
            />
            {translation.history.length > 0 && (
              <TranslationHistory
                history={translation.history}
                onRemove={translation.removeHistoryItem}
                onClear={translation.clearHistory}
              />
            )}
          </div>
          {started && (
            <div className="flex items-center gap-1">
              <Suspense>
                <ShareConversation messages={conversation.messages} nameOf={nameOf} />
              </Suspense>
              <button
                type="button"
                className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
                onClick={startFresh}
              >
                <PlusIcon width={16} height={16} />
                New conversation
              </button>
            </div>
          )}
        </div>
        {online ? (
          <EngineNotice engine="translation" />
        ) : (
          <p
            role="status"
            className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800"
            data-testid="offline-notice"
          >
            You are offline. What you send now waits here and goes out when the connection returns.
          </p>
        )}
        {online && mode === 'chat' && <EngineNotice engine="chat" />}
        <Composer
          mode={mode}
          onModeChange={setMode}
          file={file}
          onFileChange={setFile}
          fileRefusal={fileRefusal}
          header={
            mode === 'translate'
              ? (text) => (
                  <LiveTranslateBar
                    text={text}
                    fileStaged={file !== null}
                    onSameLanguageChange={setSameLanguage}
                    detectLanguage={translation.detect}
                    source={source}
                    target={target}
                    onSourceChange={setSource}
                    onTargetChange={setTarget}
                  />
                )
              : undefined
          }
          maxChars={status?.limits.max_text_chars}
          // Chat turned off, or text already in the target language: sending would fail or echo, so
          // Send waits (the notice above says why).
          sendBlocked={
            mode === 'chat' ? status?.engines.chat.state === 'disabled' : sameLanguage && file === null
          }
          // Drawn afresh when an edit starts or ends, with the edited text or the draft.
          key={editing?.id ?? 'draft'}
          initialText={editing ? editing.text : remembered.currentDraft()}
          onTextChange={editing ? undefined : remembered.onDraftChange}
          dictationLanguage={dictationLanguage}
          banner={
            editing && (
              <div
                role="status"
                className="flex items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800"
              >
                <span>Editing your message: sending replaces it and what came after it.</span>
                <button
                  type="button"
                  className="shrink-0 rounded-md px-2 py-1 font-medium hover:underline"
                  onClick={() => setEditing(null)}
                >
                  Cancel
                </button>
              </div>
            )
          }
          onSend={({ text, file: sentFile }) => {
            const request = { mode, text, file: sentFile, sourceLanguage: source, targetLanguage: target };
            if (editing) {
              setEditing(null);
              void resend(editing.id, request);
            } else void send(request);
            setFile(null);
          }}
        />
      </div>
      {!started && <div className="flex-[1.2]" aria-hidden="true" />}
    </div>
  );
}
