import { UI_ERRORS } from '@sema/shared/errors';
import { AUTO } from '@sema/shared/validation';

import { confidenceOf } from '@/features/translate';
import { plainError, type PlainError } from '@/lib/plain-error';

import type { SendHandler } from './types';

const TRANSLATE_WORDING = {
  MODEL_UNAVAILABLE: 'The translation model is not available on this server right now.',
};

/** The answer when Auto Detect found the target's own language (the typed-text notice names it). */
export const SAME_LANGUAGE_ANSWER =
  'This text is already in the target language, so nothing was translated. Choose the language to translate it into.';

/**
 * Translate mode: the translation, with the detected language when the source
 * was Auto Detect; on failure the spec's 'Translation failed' plus the server's reason.
 */
export const translateTextHandler: SendHandler = async (request, { setReply, translation }) => {
  // The server's wording for API clients names request fields and setup: the conversation gets one
  // plain sentence, with the server's own words behind Details.
  let failure: PlainError | undefined;
  const response = await translation.translate(
    { text: request.text, source_language: request.sourceLanguage, target_language: request.targetLanguage },
    {
      onError: (_message, error) => {
        failure = plainError(error, TRANSLATE_WORDING);
      },
    },
  );
  if (response && request.sourceLanguage === AUTO && response.source_language === response.target_language) {
    // Sent before the live detection answered: the server found the target's language and echoed
    // the text. Say so instead of showing the same text back as a "translation".
    setReply({
      kind: 'translation',
      content: '',
      errorDetail: SAME_LANGUAGE_ANSWER,
      detectedLanguage: response.source_language,
      detectionConfidence: confidenceOf(response),
    });
    return;
  }
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
    ...(failure.message === UI_ERRORS.translateContent ? {} : { errorDetail: failure.message }),
    ...(failure.detail ? { technicalDetail: failure.detail } : {}),
    ...(failure.final ? { finalFailure: true } : {}),
  });
};
