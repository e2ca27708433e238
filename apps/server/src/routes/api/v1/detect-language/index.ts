import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetectRequest, DetectResponse, ErrorResponse } from '@sema/shared/api/schemas';
import { resolveLanguage } from '@sema/shared/languages/catalogue';
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
      // Empty or over the per-text limit: refused as a translation of it would be.
      const text = app.textTranslation.checkText(request.body.text);
      // On a server that reads fewer languages, among those it reads (detection/readable-source.ts).
      const detection = app.sourceDetector.detect(text);
      if (!detection) {
        // No letters, or only letters of a script no catalogue language uses: each says which.
        const { code, detail } = app.sourceDetector.undetected(text);
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
