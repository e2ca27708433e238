import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BatchTranslateRequest,
  BatchTranslateResponse,
  ErrorResponse,
  TranslateRequest,
  TranslateResponse,
} from '@sema/shared/api/schemas';
import { AUTO, MESSAGES, isBlank, textTooLongMessage } from '@sema/shared/validation';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../../lib/errors.ts';
import {
  detectableText,
  translateFormatted,
  type FormattedOptions,
} from '../../../../lib/formatted-translation.ts';
import { requestGlossary } from '../../../../lib/glossary-field.ts';
import { sourceLanguage, targetLanguage } from '../../../../lib/language-fields.ts';
import { clientGoneSignal } from '../../../../lib/http/client-gone.ts';

const errors = {
  404: ErrorResponse,
  413: ErrorResponse,
  422: ErrorResponse,
  502: ErrorResponse,
  503: ErrorResponse,
  504: ErrorResponse,
};

/** A text ready to translate: checked, and with its source language known. */
interface Prepared {
  text: string;
  source: string;
  confidence: number;
}

/** Checks one text and settles its source language (detecting it for auto, on its words only). */
function prepare(
  app: FastifyInstance,
  rawText: string,
  source: string,
  markup: FormattedOptions,
  where = '',
): Prepared {
  const text = rawText.toWellFormed();
  if (isBlank(text)) throw new ApiError(422, 'VALIDATION_ERROR', `${MESSAGES.textEmpty}${where}`);
  if (text.length > app.config.maxTextChars) {
    throw new ApiError(
      413,
      'TEXT_TOO_LONG',
      `${textTooLongMessage(text.length, app.config.maxTextChars)}${where}`,
    );
  }
  if (source !== AUTO) return { text, source, confidence: 1 };
  const words = detectableText(text, markup);
  const detection = app.detector.detect(words);
  if (!detection) {
    const { code, detail } = app.detector.undetected(words);
    throw new ApiError(422, code, `${detail}${where}; give source_language`);
  }
  return { text, source: detection.language, confidence: detection.confidence };
}

function translationResult(item: Prepared, target: string, translated: string, processingTime: number) {
  return {
    translated_text: translated,
    source_language: item.source,
    target_language: target,
    confidence_score: item.confidence,
    processing_time: processingTime,
  };
}

/** POST /api/v1/translate and POST /api/v1/translate/batch. */
const translate: FastifyPluginAsyncTypebox = async (app) => {
  const { maxTextChars } = app.config;
  const { batchMaxTexts, batchMaxChars } = app.config.translation;

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
      const { body } = request;
      const target = targetLanguage(body.target_language);
      const glossaryFor = await requestGlossary(app, body);
      const markup = { format: body.format ?? 'text' } as const;
      const item = prepare(app, body.text, sourceLanguage(body.source_language), markup);
      const glossary = glossaryFor(item.source, target);
      await app.apiKeys.charge(request, item.text.length);
      const [translated] = await translateFormatted(
        app,
        [{ text: item.text, source: item.source, target, ...(glossary ? { glossary } : {}) }],
        markup,
        clientGoneSignal(reply),
      );
      const wanted = body.alternatives ?? 0;
      if (wanted > 0 && markup.format !== 'text') {
        throw new ApiError(422, 'VALIDATION_ERROR', 'alternatives: only for format text');
      }
      const alternatives = await app.translation.alternatives(
        { text: item.text, source: item.source, target, ...(glossary ? { glossary } : {}) },
        wanted,
        translated!,
        clientGoneSignal(reply),
      );
      return {
        ...translationResult(item, target, translated!, Math.round(performance.now() - started) / 1000),
        ...(wanted > 0 ? { alternatives } : {}),
      };
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
      const { texts } = request.body;
      const target = targetLanguage(request.body.target_language);
      const source = sourceLanguage(request.body.source_language);
      const glossaryFor = await requestGlossary(app, request.body);
      if (texts.length === 0)
        throw new ApiError(422, 'VALIDATION_ERROR', 'texts must hold at least one text');
      if (texts.length > batchMaxTexts) {
        throw new ApiError(
          413,
          'PAYLOAD_TOO_LARGE',
          `Too many texts: ${texts.length} (the limit is ${batchMaxTexts} per request)`,
        );
      }
      const total = texts.reduce((sum, text) => sum + text.length, 0);
      if (total > batchMaxChars) {
        throw new ApiError(
          413,
          'TEXT_TOO_LONG',
          `Texts are too long: ${total} characters in all (the limit is ${batchMaxChars} per request)`,
        );
      }
      const markup = { format: request.body.format ?? 'text' } as const;
      const items = texts.map((text, i) => prepare(app, text, source, markup, ` (texts[${i}])`));
      await app.apiKeys.charge(request, total);
      const translations = await translateFormatted(
        app,
        items.map((item, i) => {
          const glossary = glossaryFor(item.source, target, ` (texts[${i}])`);
          return { text: item.text, source: item.source, target, ...(glossary ? { glossary } : {}) };
        }),
        markup,
        clientGoneSignal(reply),
      );
      const processingTime = Math.round(performance.now() - started) / 1000;
      return {
        translations: items.map((item, i) =>
          translationResult(item, target, translations[i]!, processingTime),
        ),
      };
    },
  );
};

export default translate;
