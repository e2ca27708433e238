import { FLOW_ERRORS, REQUEST_ERRORS } from '@sema/shared/errors';
import { useCallback, useEffect, useRef, useState } from 'react';

import type { TranslationApi } from '@/features/translate';
import { useLatest } from '@/hooks/use-latest';
import { useOnline } from '@/hooks/use-online';
import { plainError, type PlainError } from '@/lib/plain-error';

import type { MessagesApi, NewMessage } from '../hooks/use-messages';
import type { ConversationMessage, QueuedReply, ReplyContent } from '../messages';
import { pickSendHandler } from './pick-send-handler';
import type { SendRequest } from './types';

/**
 * Why a send failed outside its handler, in plain words. A part of the app that cannot be fetched
 * (chat and documents load on first use) fails with a TypeError naming a file URL: the person gets
 * what to do instead.
 */
function unexpectedFailure(error: unknown): PlainError {
  if (error instanceof TypeError && /dynamically imported module|module script/i.test(error.message)) {
    return {
      message: navigator.onLine
        ? 'Part of the app could not be downloaded. Reload the page and try again.'
        : REQUEST_ERRORS.unreachable,
      detail: error.message,
    };
  }
  return plainError(error);
}

interface Dependencies {
  conversation: MessagesApi<ConversationMessage>;
  translation: TranslationApi;
}

/**
 * Send: adds the user's message and a pending reply, then lets the chosen handler set the reply.
 * A handler that throws still ends the waiting, with the error shown. With no network, the reply
 * waits instead of failing, and the waiting messages go out one after another, in the order they
 * were sent, when the browser is online again (each with the conversation before it as history).
 */
export function useSendMessage({ conversation, translation }: Dependencies) {
  const { messages, addMessage, replaceMessage, truncateFrom } = conversation;
  const online = useOnline();
  const latestMessages = useLatest(messages);
  /** The files of waiting messages, by reply id: they cannot be kept with the conversation. */
  const queuedFiles = useRef(new Map<string, File>());
  const flushing = useRef(false);
  /** Bumped when a flush ends: a message queued while it ran (its effect skipped) is sent then. */
  const [flushAgain, setFlushAgain] = useState(0);

  const deliver = useCallback(
    async (replyId: string, request: SendRequest, history: readonly ConversationMessage[]) => {
      const setReply = (reply: ReplyContent) =>
        replaceMessage(replyId, () => ({ ...reply, role: 'assistant' }) as NewMessage<ConversationMessage>);
      try {
        await pickSendHandler(request)(request, { setReply, translation, history });
      } catch (error) {
        // Something failed outside the steps a handler reports itself (the code for chat or documents
        // could not be fetched, say): the default flow error, with the reason under it.
        const reason = unexpectedFailure(error);
        setReply({
          kind: 'failure',
          error: true,
          content: FLOW_ERRORS.default,
          errorDetail: reason.message,
          ...(reason.detail ? { technicalDetail: reason.detail } : {}),
        });
      }
    },
    [replaceMessage, translation],
  );

  const run = useCallback(
    async (request: SendRequest, history: readonly ConversationMessage[]) => {
      addMessage({
        role: 'user',
        kind: 'user',
        content: request.text,
        ...(request.file
          ? { attachment: { name: request.file.name, size: request.file.size, type: request.file.type } }
          : {}),
      });
      if (!navigator.onLine) {
        const { file, ...rest } = request;
        const replyId = addMessage({
          role: 'assistant',
          kind: 'queued',
          content: '',
          request: rest,
          ...(file ? { hasFile: true } : {}),
        });
        if (file) queuedFiles.current.set(replyId, file);
        return;
      }
      const replyId = addMessage({ role: 'assistant', kind: 'pending', content: '', isLoading: true });
      await deliver(replyId, request, history);
    },
    [addMessage, deliver],
  );

  // Back online (or a conversation with waiting messages opened): they go out in order, each with
  // the conversation before it as history. The waiting messages are the conversation's own `queued`
  // replies, so they survive a reload with it; one edited away or cleared is simply no longer there.
  const hasQueued = messages.some((message) => message.kind === 'queued');
  useEffect(() => {
    if (!online || !hasQueued || flushing.current) return;
    flushing.current = true;
    void (async () => {
      try {
        while (navigator.onLine) {
          const current = latestMessages.current;
          const replyIndex = current.findIndex((message) => message.kind === 'queued');
          if (replyIndex < 0) break;
          const reply = current[replyIndex] as QueuedReply;
          const userIndex = current.findLastIndex(
            (message, index) => index < replyIndex && message.kind === 'user',
          );
          const file = queuedFiles.current.get(reply.id) ?? null;
          queuedFiles.current.delete(reply.id);
          replaceMessage(reply.id, () => ({
            role: 'assistant',
            kind: 'pending',
            content: '',
            isLoading: true,
          }));
          await deliver(reply.id, { ...reply.request, file }, current.slice(0, Math.max(0, userIndex)));
        }
      } finally {
        flushing.current = false;
        setFlushAgain((count) => count + 1);
      }
    })();
  }, [online, hasQueued, flushAgain, deliver, replaceMessage, latestMessages]);

  const send = useCallback((request: SendRequest) => run(request, messages), [run, messages]);

  /**
   * Sends again from one of the person's messages: it and everything after it make way for the new
   * send (an edited message, or the same one to get a new answer), with only what came before as history.
   */
  const resend = useCallback(
    (fromMessageId: string, request: SendRequest) => {
      const index = messages.findIndex((message) => message.id === fromMessageId);
      if (index < 0) return run(request, messages);
      truncateFrom(fromMessageId);
      return run(request, messages.slice(0, index));
    },
    [run, messages, truncateFrom],
  );

  return { send, resend, online };
}
