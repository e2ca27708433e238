import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BatchTranslateRequest,
  BatchTranslateResponse,
  ErrorResponse,
  TranslateRequest,
  TranslateResponse,
} from '@sema/shared/api/schemas';
import { clientGoneSignal } from '../../../../lib/http/client-gone.ts';
import { sourceLanguage, targetLanguage } from '../../../../lib/language-fields.ts';
import type { TextTranslation } from '../../../../text-translation/service.ts';

const errors = {
  404: ErrorResponse,
  413: ErrorResponse,
  422: ErrorResponse,
  502: ErrorResponse,
  503: ErrorResponse,
  504: ErrorResponse,
};

function translationResult(result: TextTranslation, target: string, processingTime: number) {
  return {
    translated_text: result.text,
    source_language: result.source,
    target_language: target,
    confidence_score: result.confidence,
    processing_time: processingTime,
    ...(result.alternatives ? { alternatives: result.alternatives } : {}),
  };
}

const secondsSince = (started: number) => Math.round(performance.now() - started) / 1000;

/** POST /api/v1/translate and POST /api/v1/translate/batch: our fields onto `app.textTranslation`. */
const translate: FastifyPluginAsyncTypebox = async (app) => {
  const { maxTextChars, batchMaxTexts, batchMaxChars } = app.textTranslation.limits;

  app.post(
    '/',
    {
      schema: {
        tags: ['translation'],
        summary: 'Translate a text',
        description:
          `Translates the whole text (up to ${maxTextChars} characters), keeping its line breaks and blank lines. ` +
          'With source_language auto (the default) the language is detected first and returned with its confidence.',
        body: TranslateRequest,
        response: { 200: TranslateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const { body } = request;
      const target = targetLanguage(body.target_language);
      const prepared = await app.textTranslation.prepare({
        texts: body.text,
        source: sourceLanguage(body.source_language),
        target,
        glossary: { entries: body.glossary, id: body.glossary_id },
        markup: { format: body.format ?? 'text' },
        alternatives: body.alternatives ?? 0,
      });
      await app.apiKeys.charge(request, prepared.characters);
      const [result] = await prepared.run(clientGoneSignal(reply));
      return translationResult(result!, target, secondsSince(started));
    },
  );

  app.post(
    '/batch',
    {
      schema: {
        tags: ['translation'],
        summary: 'Translate several texts at once',
        description:
          `Up to ${batchMaxTexts} texts and ${batchMaxChars} characters in all, each up to ${maxTextChars} characters. ` +
          'Answers one translation per text, in order; with source_language auto each text is detected on its own.',
        body: BatchTranslateRequest,
        response: { 200: BatchTranslateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const { body } = request;
      const target = targetLanguage(body.target_language);
      const prepared = await app.textTranslation.prepare({
        texts: body.texts,
        source: sourceLanguage(body.source_language),
        target,
        glossary: { entries: body.glossary, id: body.glossary_id },
        markup: { format: body.format ?? 'text' },
      });
      await app.apiKeys.charge(request, prepared.characters);
      const results = await prepared.run(clientGoneSignal(reply));
      const processingTime = secondsSince(started);
      return { translations: results.map((result) => translationResult(result, target, processingTime)) };
    },
  );
};

export default translate;
