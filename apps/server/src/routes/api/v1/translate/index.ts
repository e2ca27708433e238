import { tenantOf } from '../../../../lib/tenant.ts';
import type { FastifyPluginAsyncTypebox, Static, TSchema } from '@fastify/type-provider-typebox';
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

  /**
   * Checks and prepares the texts and translates them, the client's meter admitting their
   * characters first; with the seconds it took (processing_time).
   */
  async function translateFields(
    request: FastifyRequest,
    reply: FastifyReply,
    texts: string | string[],
    fields: TranslateFields,
  ) {
    const started = performance.now();
    const target = targetLanguage(fields.target_language);
    const prepared = await app.textTranslation.prepare({
      texts,
      source: sourceLanguage(fields.source_language),
      target,
      glossary: { entries: fields.glossary, id: fields.glossary_id, tenant: tenantOf(request) },
      markup: { format: fields.format ?? 'text' },
      alternatives: fields.alternatives ?? 0,
      meter: app.apiKeys.meter(request),
    });
    const results = await prepared.run(clientGoneSignal(reply));
    return { target, results, processingTime: secondsSince(started) };
  }

  /** A translation route's policy and schema: its summary and description, its request and answer. */
  const route = <B extends TSchema, R extends TSchema>(
    summary: string,
    description: string,
    body: B,
    answer: R,
  ) => ({
    config: { policy: 'work' as const },
    schema: { tags: ['translation'], summary, description, body, response: { 200: answer, ...errors } },
  });

  app.post(
    '/',
    route(
      'Translate a text',
      `Translates the whole text (up to ${maxTextChars} characters), keeping its line breaks and blank lines. ` +
        'With source_language auto (the default) the language is detected first and returned with its confidence.',
      TranslateRequest,
      TranslateResponse,
    ),
    async (request, reply) => {
      const { target, results, processingTime } = await translateFields(
        request,
        reply,
        request.body.text,
        request.body,
      );
      return translationResult(results[0]!, target, processingTime);
    },
  );

  app.post(
    '/batch',
    route(
      'Translate several texts at once',
      `Up to ${batchMaxTexts} texts and ${batchMaxChars} characters in all, each up to ${maxTextChars} characters. ` +
        'Answers one translation per text, in order; with source_language auto each text is detected on its own.',
      BatchTranslateRequest,
      BatchTranslateResponse,
    ),
    async (request, reply) => {
      const { body } = request;
      const { target, results, processingTime } = await translateFields(request, reply, body.texts, body);
      return { translations: results.map((result) => translationResult(result, target, processingTime)) };
    },
  );
};

export default translate;
