// Placeholder until the translation route lands with the engine.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, TranslateRequest, TranslateResponse } from '@sema/shared/api/schemas';

const translate: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    { schema: { tags: ['translation'], body: TranslateRequest, response: { 200: TranslateResponse, 503: ErrorResponse } } },
    async (request) => {
      const text = await app.translation.translate({ text: request.body.text, source: 'eng_Latn', target: request.body.target_language });
      return { translated_text: text, source_language: 'eng_Latn', target_language: request.body.target_language, confidence_score: 1, processing_time: 0 };
    },
  );
};

export default translate;
