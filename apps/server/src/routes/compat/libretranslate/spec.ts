/**
 * The LibreTranslate surface described as LibreTranslate describes itself at `GET /spec`: a Swagger
 * 2.0 document titled `LibreTranslate` (clients such as Dialect accept a server by that title), with
 * form parameters and `{error}` answers. Only the routes this surface serves; Sema's own API has
 * its OpenAPI 3.1 document at /api/v1/openapi.json.
 */
import { SEMA_VERSION } from '../../../lib/version.ts';
import { DetectBody, formParameters, TranslateBody, TranslateFileFields } from './schemas.ts';

type Schema = Record<string, unknown>;

const ERROR: Schema = {
  type: 'object',
  properties: { error: { type: 'string', description: 'What is wrong' } },
};

const CONFIDENCE: Schema = {
  type: 'object',
  properties: {
    confidence: { type: 'number', minimum: 0, maximum: 100, description: 'Confidence, 0 to 100' },
    language: { type: 'string', description: 'Language code' },
  },
};

const textOrList = (description: string): Schema => ({
  description,
  oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
});

/** A form parameter (LibreTranslate's clients send forms or the same fields as JSON). */
const field = (name: string, type: string, description: string, required = false): Schema => ({
  in: 'formData',
  name,
  type,
  required,
  description,
});

/** Answers every route may give beside its 200, as LibreTranslate documents them. */
const FAILURES = {
  400: { description: 'Invalid request', schema: ERROR },
  403: { description: 'No key, or a wrong one', schema: ERROR },
  429: { description: 'Slow down', schema: ERROR },
  500: { description: 'Translation error', schema: ERROR },
  503: { description: 'The model is not available yet (Retry-After says when to try again)', schema: ERROR },
};

const operation = (summary: string, tag: string, parameters: Schema[], ok: Schema, consumes?: string[]) => ({
  summary,
  tags: [tag],
  ...(consumes ? { consumes } : {}),
  parameters,
  responses: { 200: ok, ...FAILURES },
});

const FORM = ['application/x-www-form-urlencoded', 'application/json', 'multipart/form-data'];

/** LibreTranslate's Swagger 2.0 document for this server. */
export function libretranslateSpec(): Record<string, unknown> {
  return {
    swagger: '2.0',
    basePath: '/',
    info: {
      title: 'LibreTranslate',
      version: SEMA_VERSION,
      description:
        "Sema's LibreTranslate-compatible API: the 202 languages of NLLB-200 behind LibreTranslate's paths, fields and answers.",
      license: { name: 'MIT' },
    },
    produces: ['application/json'],
    paths: {
      '/translate': {
        post: operation(
          'Translate text',
          'translate',
          formParameters(TranslateBody),
          {
            description: 'Translation',
            schema: {
              type: 'object',
              required: ['translatedText'],
              properties: {
                translatedText: textOrList('Translated text(s)'),
                detectedLanguage: {
                  description: 'With source "auto": the language found (a list for a list of texts)',
                  oneOf: [CONFIDENCE, { type: 'array', items: CONFIDENCE }],
                },
                alternatives: {
                  description: 'Alternative translations (a list per text for a list of texts)',
                  oneOf: [
                    { type: 'array', items: { type: 'string' } },
                    { type: 'array', items: { type: 'array', items: { type: 'string' } } },
                  ],
                },
              },
            },
          },
          FORM,
        ),
      },
      '/translate_file': {
        post: operation(
          'Translate a file',
          'translate',
          [field('file', 'file', 'The file to translate', true), ...formParameters(TranslateFileFields)],
          {
            description: 'Where to download the translated file',
            schema: {
              type: 'object',
              properties: {
                translatedFileUrl: { type: 'string', description: 'Link to the translated file' },
              },
            },
          },
          ['multipart/form-data'],
        ),
      },
      '/detect': {
        post: operation(
          'Detect the language of a text',
          'translate',
          formParameters(DetectBody),
          { description: 'Languages found, most likely first', schema: { type: 'array', items: CONFIDENCE } },
          FORM,
        ),
      },
      '/languages': {
        get: operation('Supported languages', 'translate', [], {
          description: 'Each language with the codes of the languages it translates into',
          schema: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                code: { type: 'string', description: 'Language code' },
                name: { type: 'string', description: 'Language name (in English)' },
                targets: { type: 'array', items: { type: 'string' }, description: 'Target language codes' },
              },
            },
          },
        }),
      },
      '/frontend/settings': {
        get: operation('Settings a front end needs', 'frontend', [], {
          description: 'Character limit, whether keys are needed, file formats',
          schema: {
            type: 'object',
            properties: {
              charLimit: { type: 'integer' },
              frontendTimeout: { type: 'integer' },
              apiKeys: { type: 'boolean' },
              keyRequired: { type: 'boolean' },
              suggestions: { type: 'boolean' },
              filesTranslation: { type: 'boolean' },
              supportedFilesFormat: { type: 'array', items: { type: 'string' } },
            },
          },
        }),
      },
      '/suggest': {
        post: operation(
          'Suggest a better translation (disabled on this server: answers 403)',
          'feedback',
          [
            field('q', 'string', 'Original text', true),
            field('s', 'string', 'Suggested translation', true),
            field('source', 'string', 'Source language code', true),
            field('target', 'string', 'Target language code', true),
          ],
          { description: 'Never: suggestions are disabled', schema: ERROR },
          FORM,
        ),
      },
    },
  };
}
