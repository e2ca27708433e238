import { UI_ERRORS } from '@sema/shared/errors';
import { AUTO } from '@sema/shared/validation';

import { confidenceOf } from '@/features/translate';
import { ApiError } from '@/lib/api-client';

import type { SendHandler } from './types';

const MODEL_UNAVAILABLE = 'The translation model is not available on this server right now.';
/** Auto Detect found no language (a number, symbols, a script no language here uses). */
const NO_LANGUAGE = 'Auto Detect could not tell what language this is. Choose the language of your text.';

/**
 * The server's reason in words for the person translating: its own wording for API clients names
 * request fields (`source_language`) and setup; the conversation gets one plain sentence.
 */
function plainReason(message: string, error: unknown): string {
  if (!(error instanceof ApiError)) return message;
  if (error.code === 'MODEL_UNAVAILABLE') return MODEL_UNAVAILABLE;
  if (error.code === 'NO_LETTERS' || error.code === 'UNSUPPORTED_SCRIPT') return NO_LANGUAGE;
  return message;
}

/**
 * Translate mode: the translation, with the detected language when the source
 * was Auto Detect; on failure the spec's 'Translation failed' plus the server's reason.
 */
export const translateTextHandler: SendHandler = async (request, { setReply, translation }) => {
  let failure: string | undefined;
  const response = await translation.translate(
    { text: request.text, source_language: request.sourceLanguage, target_language: request.targetLanguage },
    {
      onError: (message, error) => {
        failure = plainReason(message, error);
      },
    },
  );
  if (response) {
    setReply({
      kind: 'translation',
      content: response.translated_text,
      ...(request.sourceLanguage === AUTO
        ? { detectedLanguage: response.source_language, detectionConfidence: confidenceOf(response) }
        : {}),
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
    // Cancelled: the screen went away before the answer came (translations never cancel each other).
    setReply({ kind: 'translation', content: '', errorDetail: 'Cancelled.' });
    return;
  }
  setReply({
    kind: 'translation',
    error: true,
    content: UI_ERRORS.translateContent,
    ...(failure === UI_ERRORS.translateContent ? {} : { errorDetail: failure }),
  });
};
