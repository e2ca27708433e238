import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetectRequest, DetectResponse, ErrorResponse } from '@sema/shared/api/schemas';
import { resolveLanguage } from '@sema/shared/languages/catalogue';
import { MESSAGES, isBlank } from '@sema/shared/validation';
import { ApiError } from '../../../../lib/errors.ts';

const detectLanguage: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { policy: 'work' },
      schema: {
        tags: ['detection'],
        summary: 'Detect the language of a text',
        body: DetectRequest,
        response: { 200: DetectResponse, 413: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      const text = request.body.text.toWellFormed();
      if (isBlank(text)) throw new ApiError(422, 'VALIDATION_ERROR', MESSAGES.textEmpty);
      if (text.length > app.config.maxTextChars) {
        throw new ApiError(
          413,
          'TEXT_TOO_LONG',
          `Text is too long: ${text.length} characters (the limit is ${app.config.maxTextChars})`,
        );
      }
      const detection = app.detector.detect(text);
      if (!detection) {
        // No letters, or only letters of a script no catalogue language uses: each says which.
        const { code, detail } = app.detector.undetected(text);
        throw new ApiError(422, code, detail);
      }
      const language = resolveLanguage(detection.language);
      return {
        detected_language: detection.language,
        confidence: detection.confidence,
        alternatives: detection.alternatives,
        language_name: language?.name ?? detection.language,
        native_name: language?.nativeName ?? detection.language,
      };
    },
  );
};

export default detectLanguage;
