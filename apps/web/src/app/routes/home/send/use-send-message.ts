import { FLOW_ERRORS, REQUEST_ERRORS } from '@sema/shared/errors';
import { useCallback } from 'react';

import type { MessagesApi } from '@/features/conversation/hooks/use-messages';
import type { useTranslation } from '@/features/translate/hooks/use-translation';
import { errorMessage } from '@/lib/api-client';

import { pickSendHandler } from './pick-send-handler';
import type { SendRequest } from './types';

/**
 * Why a send failed outside its handler, in plain words. A part of the app that cannot be fetched
 * (chat and documents load on first use) fails with a TypeError naming a file URL: the person gets
 * what to do instead.
 */
function unexpectedFailure(error: unknown): string {
  if (error instanceof TypeError && /dynamically imported module|module script/i.test(error.message)) {
    return navigator.onLine
      ? 'Part of the app could not be downloaded. Reload the page and try again.'
      : REQUEST_ERRORS.unreachable;
  }
  return errorMessage(error);
}

interface Dependencies {
  conversation: MessagesApi;
  translation: ReturnType<typeof useTranslation>;
}

/**
 * Send: adds the user's message and a loading reply, then lets the chosen handler
 * fill the reply. A handler that throws still ends the loading, with the error shown.
 */
export function useSendMessage({ conversation, translation }: Dependencies) {
  const { messages, addMessage, updateMessage } = conversation;

  return useCallback(
    async (request: SendRequest) => {
      const history = messages;
      addMessage({
        role: 'user',
        content: request.text,
        ...(request.file
          ? { attachment: { name: request.file.name, size: request.file.size, type: request.file.type } }
          : {}),
      });
      const replyId = addMessage({ role: 'assistant', content: '', isLoading: true });
      const updateReply = (patch: Parameters<typeof updateMessage>[1]) => updateMessage(replyId, patch);
      try {
        await pickSendHandler(request)(request, { updateReply, translation, history });
      } catch (error) {
        // Something failed outside the steps a handler reports itself (the code for chat or documents
        // could not be fetched, say): the spec's default flow error, with the reason under it.
        updateReply({
          kind: 'text',
          isLoading: false,
          error: true,
          content: FLOW_ERRORS.default,
          errorDetail: unexpectedFailure(error),
        });
      }
    },
    [messages, addMessage, updateMessage, translation],
  );
}
