import { useCallback, useEffect, useRef, useState } from 'react';

import { DEFAULT_SOURCE_LANGUAGE, DEFAULT_TARGET_LANGUAGE } from '@/config/constants';
import { loadConversation, titleFrom, useSaveConversation } from '@/features/saved-conversations';
import { createId } from '@/lib/create-id';

import type { ConversationMessage } from '../messages';
import { conversationSummary, restoreMessages } from '../restore';
import { readSession, writeSession, type HomeSession } from '../session';
import type { Mode } from '../types';
import type { MessagesApi } from './use-messages';

/** A conversation is saved once its messages stop changing for this long (a streaming answer: at its end). */
const SAVE_DELAY_MS = 400;

const DEFAULTS: HomeSession = {
  mode: 'translate',
  sourceLanguage: DEFAULT_SOURCE_LANGUAGE,
  targetLanguage: DEFAULT_TARGET_LANGUAGE,
  draft: '',
};

/**
 * The home screen's remembered state: the languages, mode and draft survive a reload (local storage),
 * and the conversation on screen is kept on the device (IndexedDB) and reopened after one.
 */
export function useRememberedConversation(conversation: MessagesApi<ConversationMessage>) {
  const [initial] = useState(() => readSession(DEFAULTS));
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [source, setSource] = useState(initial.sourceLanguage);
  const [target, setTarget] = useState(initial.targetLanguage);
  const [conversationId, setConversationId] = useState(
    () => initial.conversationId ?? createId('conversation'),
  );
  const draft = useRef(initial.draft);
  const { messages, showMessages } = conversation;
  const started = messages.length > 0;
  const save = useSaveConversation();

  const remember = useCallback(() => {
    writeSession({
      mode,
      sourceLanguage: source,
      targetLanguage: target,
      draft: draft.current,
      ...(started ? { conversationId } : {}),
    });
  }, [mode, source, target, started, conversationId]);
  useEffect(remember, [remember]);

  // The conversation that was on screen before the reload.
  useEffect(() => {
    if (!initial.conversationId) return;
    let current = true;
    loadConversation<ConversationMessage>(initial.conversationId)
      .then((saved) => {
        if (current && saved) showMessages(restoreMessages(saved.messages), { onlyIfEmpty: true });
      })
      .catch(() => undefined); // No IndexedDB (a private window in some browsers): nothing to reopen.
    return () => {
      current = false;
    };
  }, [initial.conversationId, showMessages]);

  useEffect(() => {
    if (messages.length === 0) return;
    const timer = setTimeout(() => {
      const summary = conversationSummary(messages);
      const language = summary.language ?? source;
      void save({
        id: conversationId,
        title: titleFrom(summary.firstText) || 'Conversation',
        mode,
        sourceLanguage: mode === 'chat' ? language : source,
        targetLanguage: mode === 'chat' ? language : target,
        messages,
      }).catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [messages, conversationId, mode, source, target, save]);

  return {
    mode,
    setMode,
    source,
    setSource,
    target,
    setTarget,
    conversationId,
    initialDraft: initial.draft,
    /** The draft as it is now (for an input drawn afresh). */
    currentDraft: () => draft.current,
    onDraftChange: (text: string) => {
      draft.current = text;
      remember();
    },
    /** A fresh conversation: a new id, so the one before stays as it was saved. */
    startNew: () => setConversationId(createId('conversation')),
    /** Shows a saved conversation, in the mode and languages it was held in. */
    open: (saved: {
      id: string;
      mode: Mode;
      sourceLanguage: string;
      targetLanguage: string;
      messages: unknown[];
    }) => {
      setConversationId(saved.id);
      setMode(saved.mode);
      if (saved.mode === 'translate') {
        setSource(saved.sourceLanguage);
        setTarget(saved.targetLanguage);
      }
      showMessages(restoreMessages(saved.messages as ConversationMessage[]));
    },
  };
}
