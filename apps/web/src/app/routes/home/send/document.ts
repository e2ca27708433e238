import type { ChatResponse } from '@sema/shared/api/chat';

import { askAboutDocument } from '@/features/documents/ask-about-document';
import { DOCUMENT_MESSAGE_KIND, toExtra } from '@/features/documents/document-reply';
import { runDocumentTranslation } from '@/features/documents/translate-document-flow';
import { detectLanguage } from '@/features/translate/api/detect-language';
import { translateText } from '@/features/translate/api/translate-text';
import { apiRequest, errorMessage } from '@/lib/api-client';

import type { SendHandler } from './types';

/**
 * A send with a file. Translate mode: the document is translated with the current languages and the
 * reply shows progress, a preview and a download. Chat mode: the document's text is the context of
 * the question (see askAboutDocument). A file the server refuses gets the server's reason.
 */
export const documentHandler: SendHandler = async (request, { updateReply }) => {
  const file = request.file;
  if (!file) return;
  if (request.mode === 'translate') {
    await runDocumentTranslation(
      { file, sourceLanguage: request.sourceLanguage, targetLanguage: request.targetLanguage },
      ({ reply, content, error, detectedLanguage }) =>
        updateReply({
          kind: DOCUMENT_MESSAGE_KIND,
          isLoading: false,
          extra: toExtra(reply),
          content,
          error: error !== undefined,
          detectedLanguage,
        }),
    );
    return;
  }
  try {
    const answer = await askAboutDocument(
      { file, question: request.text },
      {
        detect: async (text) => (await detectLanguage({ text })).detected_language,
        translate: async (text, source, target) =>
          (await translateText({ text, source_language: source, target_language: target })).translated_text,
        chat: (messages) => apiRequest<ChatResponse>('/chat', { method: 'POST', body: { messages } }),
      },
    );
    updateReply({
      kind: 'text',
      isLoading: false,
      content: answer.note ? `${answer.content}\n\n${answer.note}` : answer.content,
      chatData: answer.chatData,
    });
  } catch (error) {
    updateReply({ kind: 'text', isLoading: false, error: true, content: errorMessage(error) });
  }
};
