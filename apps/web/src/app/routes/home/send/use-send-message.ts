import { FLOW_ERRORS, REQUEST_ERRORS } from '@sema/shared/errors';
import { useCallback } from 'react';

import type { MessagesApi, NewMessage } from '@/features/conversation/hooks/use-messages';
import type { useTranslation } from '@/features/translate/hooks/use-translation';
import { plainError, type PlainError } from '@/lib/plain-error';

import type { HomeMessage, ReplyContent } from '../messages';
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
  conversation: MessagesApi<HomeMessage>;
  translation: ReturnType<typeof useTranslation>;
}

/**
 * Send: adds the user's message and a pending reply, then lets the chosen handler set the reply.
 * A handler that throws still ends the waiting, with the error shown.
 */
export function useSendMessage({ conversation, translation }: Dependencies) {
  const { messages, addMessage, replaceMessage, truncateFrom } = conversation;

  const run = useCallback(
    async (request: SendRequest, history: readonly HomeMessage[]) => {
      addMessage({
        role: 'user',
        kind: 'user',
        content: request.text,
        ...(request.file
          ? { attachment: { name: request.file.name, size: request.file.size, type: request.file.type } }
          : {}),
      });
      const replyId = addMessage({ role: 'assistant', kind: 'pending', content: '', isLoading: true });
      const setReply = (reply: ReplyContent) =>
        replaceMessage(replyId, () => ({ ...reply, role: 'assistant' }) as NewMessage<HomeMessage>);
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
    [addMessage, replaceMessage, translation],
  );

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

  return { send, resend };
}
