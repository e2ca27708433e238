import { FLOW_ERRORS } from '@sema/shared/errors';
import { useCallback } from 'react';

import type { MessagesApi } from '@/features/conversation/hooks/use-messages';
import type { useTranslation } from '@/features/translate/hooks/use-translation';
import { errorMessage } from '@/lib/api-client';

import { pickSendHandler } from './pick-send-handler';
import type { SendRequest } from './types';

interface Dependencies {
  conversation: MessagesApi;
  translation: ReturnType<typeof useTranslation>;
  languageName: (code: string) => string;
}

/**
 * Send (spec part 4): adds the user's message and a loading reply, then lets the chosen handler
 * fill the reply. A handler that throws still ends the loading, with the error shown.
 */
export function useSendMessage({ conversation, translation, languageName }: Dependencies) {
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
        await pickSendHandler(request)(request, { updateReply, translation, languageName, history });
      } catch (error) {
        updateReply({ isLoading: false, error: true, content: errorMessage(error) || FLOW_ERRORS.default });
      }
    },
    [messages, addMessage, updateMessage, translation, languageName],
  );
}
