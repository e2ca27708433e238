import { tenantOf } from '../../../../lib/tenant.ts';
import type { FastifyPluginAsyncTypebox, Static } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** The fields one text and a batch share. */
type TranslateFields = Omit<Static<typeof BatchTranslateRequest>, 'texts'> & { alternatives?: number };

/** POST /api/v1/translate and POST /api/v1/translate/batch: our fields onto `app.textTranslation`. */
const translate: FastifyPluginAsyncTypebox = async (app) => {
  const { maxTextChars, batchMaxTexts, batchMaxChars } = app.textTranslation.limits;

  /** Checks and prepares the texts, charges the client for them, and translates them. */
  async function translateFields(
    request: FastifyRequest,
    reply: FastifyReply,
    texts: string | string[],
    fields: TranslateFields,
  ) {
    const target = targetLanguage(fields.target_language);
    const prepared = await app.textTranslation.prepare({
      texts,
      source: sourceLanguage(fields.source_language),
      target,
      glossary: { entries: fields.glossary, id: fields.glossary_id, tenant: tenantOf(request) },
      markup: { format: fields.format ?? 'text' },
      alternatives: fields.alternatives ?? 0,
    });
    await app.apiKeys.charge(request, prepared.characters);
    return { target, results: await prepared.run(clientGoneSignal(reply)) };
  }

  app.post(
    '/',
    {
      config: { policy: 'work' },
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
      const { target, results } = await translateFields(request, reply, request.body.text, request.body);
      return translationResult(results[0]!, target, secondsSince(started));
    },
  );

  app.post(
    '/batch',
    {
      config: { policy: 'work' },
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
      const { target, results } = await translateFields(request, reply, request.body.texts, request.body);
      const processingTime = secondsSince(started);
      return { translations: results.map((result) => translationResult(result, target, processingTime)) };
    },
  );
};

export default translate;
