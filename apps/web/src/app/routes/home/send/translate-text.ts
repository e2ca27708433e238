import { UI_ERRORS } from '@sema/shared/errors';
import { AUTO } from '@sema/shared/validation';

import { ApiError } from '@/lib/api-client';

import type { SendHandler } from './types';

const MODEL_UNAVAILABLE = 'The translation model is not available on this server right now.';

/**
 * Translate mode (spec parts 2 and 8): the translation, with the detected language when the source
 * was Auto Detect; on failure the spec's 'Translation failed' plus the server's reason.
 */
export const translateTextHandler: SendHandler = async (request, { updateReply, translation }) => {
  let failure: string | undefined;
  const response = await translation.translate(
    { text: request.text, source_language: request.sourceLanguage, target_language: request.targetLanguage },
    {
      onError: (message, error) => {
        // The server's reason for a missing model is meant for its operator; the notice above the
        // input carries it. The conversation gets one plain sentence.
        failure =
          error instanceof ApiError && error.code === 'MODEL_UNAVAILABLE' ? MODEL_UNAVAILABLE : message;
      },
    },
  );
  if (response) {
    updateReply({
      kind: 'translation',
      isLoading: false,
      content: response.translated_text,
      detectedLanguage: request.sourceLanguage === AUTO ? response.source_language : undefined,
      translationData: {
        sourceText: request.text,
        sourceLanguage: response.source_language,
        targetLanguage: response.target_language,
        translatedText: response.translated_text,
      },
    });
    return;
  }
  if (failure === undefined) {
    // A newer translation cancelled this one (spec part 4).
    updateReply({
      kind: 'translation',
      isLoading: false,
      content: '',
      errorDetail: 'Cancelled: a newer translation took its place.',
    });
    return;
  }
  updateReply({
    kind: 'translation',
    isLoading: false,
    error: true,
    content: UI_ERRORS.translateContent,
    errorDetail: failure === UI_ERRORS.translateContent ? undefined : failure,
  });
};
