/**
 * One table of inputs, sent to every API surface that translates text — ours (`/api/v1/translate`
 * and `/batch`), LibreTranslate (`/translate`) and DeepL (`/v2/translate`): the same input gets the
 * same decision on each (translated, or refused for the same reason), told in each protocol's own
 * status set, error shape and field names. They all go through `app.textTranslation`.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { resolveLanguageCode } from '@sema/shared/languages/codes';
import { buildTestApp } from './build-test-app.ts';

/** A request, written once: language codes as BCP 47 tags, which every surface reads. */
interface Input {
  /** One text, or a list of texts. */
  texts: string | string[];
  /** A tag, or `auto`. */
  source: string;
  target: string;
  glossaryId?: string;
}

type Surface = 'ours' | 'libre' | 'deepl';

/** What a surface answered: its status and the words of its error (or the translations). */
interface Answer {
  status: number;
  /** The error's words (`detail`, `error` or `message`), or undefined for a translation. */
  refusal?: string;
  /** Our machine code, for our own API. */
  code?: string;
  translations?: string[];
  /** Each text's source language, as a catalogue code. */
  sources?: string[];
}

const catalogueCode = (code: string) => resolveLanguageCode(code)?.code ?? code;

let app: App;
/** A stored glossary for English → Swahili. */
let glossaryId: string;

beforeAll(async () => {
  app = await buildTestApp({ SEMA_RATE_LIMIT: '10000/minute' });
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/glossaries',
    payload: {
      name: 'Clinic',
      source_language: 'en',
      target_language: 'sw',
      entries: { clinic: 'zahanati' },
    },
  });
  glossaryId = created.json<{ id: string }>().id;
}, 60_000);
afterAll(() => app?.close());

const list = (texts: Input['texts']) => (typeof texts === 'string' ? [texts] : texts);

async function send(surface: Surface, input: Input): Promise<Answer> {
  let response: LightMyRequestResponse;
  if (surface === 'ours') {
    const language = { source_language: input.source, target_language: input.target };
    const glossary = input.glossaryId ? { glossary_id: input.glossaryId } : {};
    response =
      typeof input.texts === 'string'
        ? await app.inject({
            method: 'POST',
            url: '/api/v1/translate',
            payload: { text: input.texts, ...language, ...glossary },
          })
        : await app.inject({
            method: 'POST',
            url: '/api/v1/translate/batch',
            payload: { texts: input.texts, ...language, ...glossary },
          });
    const body = response.json();
    if (response.statusCode !== 200)
      return { status: response.statusCode, refusal: body.detail, code: body.code };
    const results: { translated_text: string; source_language: string }[] =
      typeof input.texts === 'string' ? [body] : body.translations;
    return {
      status: 200,
      translations: results.map((result) => result.translated_text),
      sources: results.map((result) => result.source_language),
    };
  }
  if (surface === 'libre') {
    response = await app.inject({
      method: 'POST',
      url: '/translate',
      payload: { q: input.texts, source: input.source, target: input.target },
    });
    const body = response.json();
    if (response.statusCode !== 200) return { status: response.statusCode, refusal: body.error };
    const detected = body.detectedLanguage as { language: string } | { language: string }[] | undefined;
    return {
      status: 200,
      translations: list(body.translatedText as string | string[]),
      sources: detected
        ? (Array.isArray(detected) ? detected : [detected]).map((found) => catalogueCode(found.language))
        : list(input.texts).map(() => catalogueCode(input.source)),
    };
  }
  response = await app.inject({
    method: 'POST',
    url: '/v2/translate',
    payload: {
      text: list(input.texts),
      ...(input.source === 'auto' ? {} : { source_lang: input.source.toUpperCase() }),
      target_lang: input.target.toUpperCase(),
      ...(input.glossaryId ? { glossary_id: input.glossaryId } : {}),
    },
  });
  const body = response.json();
  if (response.statusCode !== 200) return { status: response.statusCode, refusal: body.message };
  const translations = body.translations as { text: string; detected_source_language: string }[];
  return {
    status: 200,
    translations: translations.map((t) => t.text),
    sources: translations.map((t) => catalogueCode(t.detected_source_language)),
  };
}

/** Each surface's expected status and words; `code` is our own API's machine code. */
interface Expected {
  ours: { status: number; code: string; detail: RegExp };
  libre: { status: number; error: RegExp } | 'no glossary in this protocol';
  deepl: { status: number; message: RegExp };
}

const tooLong = 'a'.repeat(5001);
const glossary = () => glossaryId;

const CASES: [name: string, input: () => Input, expected: Expected][] = [
  [
    'a text over the per-text limit',
    () => ({ texts: tooLong, source: 'en', target: 'fr' }),
    {
      ours: {
        status: 413,
        code: 'TEXT_TOO_LONG',
        detail: /^Text is too long: 5001 characters \(the limit is 5000/,
      },
      libre: { status: 400, error: /^Invalid request: request \(5001\) exceeds text limit \(5000\)$/ },
      deepl: { status: 413, message: /^Request too large: at most 50 texts, 5000 characters each/ },
    },
  ],
  [
    'texts over the limit in all',
    () => ({ texts: Array(5).fill('a'.repeat(4500)), source: 'en', target: 'fr' }),
    {
      ours: { status: 413, code: 'TEXT_TOO_LONG', detail: /^Texts are too long: 22500 characters in all/ },
      libre: { status: 400, error: /^Invalid request: request \(22500\) exceeds text limit \(20000\)$/ },
      deepl: { status: 413, message: /^Request too large/ },
    },
  ],
  [
    'too many texts',
    () => ({ texts: Array(51).fill('Hi.'), source: 'en', target: 'fr' }),
    {
      ours: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: /^Too many texts: 51 \(the limit is 50/ },
      libre: { status: 400, error: /^Invalid request: request \(51\) exceeds text limit \(50\)$/ },
      deepl: { status: 413, message: /^Request too large/ },
    },
  ],
  [
    'an empty text among others',
    () => ({ texts: ['Good morning.', '  '], source: 'en', target: 'fr' }),
    {
      ours: { status: 422, code: 'VALIDATION_ERROR', detail: /^Text cannot be empty \(texts\[1\]\)$/ },
      libre: { status: 400, error: /^Invalid request: Text cannot be empty \(q\[1\]\)$/ },
      deepl: { status: 400, message: /^Text cannot be empty \(text\[1\]\)$/ },
    },
  ],
  [
    'only digits and emoji under auto',
    () => ({ texts: '12345 !!! 🙂', source: 'auto', target: 'fr' }),
    {
      ours: {
        status: 422,
        code: 'NO_LETTERS',
        detail: /^Cannot detect a language: the text has no letters.*; give source_language$/,
      },
      libre: {
        status: 400,
        error: /^Invalid request: Cannot detect a language: the text has no letters.*; give source$/,
      },
      deepl: {
        status: 400,
        message: /^Cannot detect a language: the text has no letters.*; give source_lang$/,
      },
    },
  ],
  [
    'a text in a script no catalogue language uses, among others, under auto',
    () => ({ texts: ['Good morning, my friend.', 'ދިވެހިބަސް އަކީ ރާއްޖޭގެ ބަހެވެ'], source: 'auto', target: 'fr' }),
    {
      ours: {
        status: 422,
        code: 'UNSUPPORTED_SCRIPT',
        detail: /^Cannot detect a language: no supported language .*\(texts\[1\]\)/,
      },
      libre: {
        status: 400,
        error: /^Invalid request: Cannot detect a language: no supported language .*\(q\[1\]\)/,
      },
      deepl: { status: 400, message: /^Cannot detect a language: no supported language .*\(text\[1\]\)/ },
    },
  ],
  [
    'an unknown target language',
    () => ({ texts: 'Good morning.', source: 'en', target: 'xx' }),
    {
      ours: { status: 422, code: 'UNSUPPORTED_LANGUAGE', detail: /^Unsupported language: xx$/ },
      libre: { status: 400, error: /^xx is not supported$/ },
      deepl: { status: 400, message: /^Value for 'target_lang' not supported\.$/ },
    },
  ],
  [
    'a stored glossary for another language pair',
    () => ({ texts: 'The clinic.', source: 'en', target: 'fr', glossaryId: glossary() }),
    {
      ours: {
        status: 422,
        code: 'GLOSSARY_MISMATCH',
        detail: /is for eng_Latn → swh_Latn, not eng_Latn → fra_Latn$/,
      },
      libre: 'no glossary in this protocol',
      deepl: { status: 400, message: /^The glossary is for en → sw, not the requested language pair\.$/ },
    },
  ],
  [
    'a stored glossary that does not exist',
    () => ({
      texts: 'The clinic.',
      source: 'en',
      target: 'sw',
      glossaryId: '00000000-0000-4000-8000-000000000000',
    }),
    {
      ours: { status: 404, code: 'GLOSSARY_NOT_FOUND', detail: /^glossary_id: no glossary/ },
      libre: 'no glossary in this protocol',
      deepl: { status: 404, message: /^Glossary not found\.$/ },
    },
  ],
];

const statusClass = (status: number) => Math.floor(status / 100);

describe('the same input gets the same decision on every API surface', () => {
  it.each(CASES)('%s', async (_name, input, expected) => {
    const ours = await send('ours', input());
    expect([ours.status, ours.code, ours.refusal]).toEqual([
      expected.ours.status,
      expected.ours.code,
      expect.stringMatching(expected.ours.detail),
    ]);
    if (expected.libre !== 'no glossary in this protocol') {
      const libre = await send('libre', input());
      expect([libre.status, libre.refusal]).toEqual([
        expected.libre.status,
        expect.stringMatching(expected.libre.error),
      ]);
      expect(statusClass(libre.status)).toBe(statusClass(ours.status));
    }
    const deepl = await send('deepl', input());
    expect([deepl.status, deepl.refusal]).toEqual([
      expected.deepl.status,
      expect.stringMatching(expected.deepl.message),
    ]);
    expect(statusClass(deepl.status)).toBe(statusClass(ours.status));
  });

  it.each([
    ['plain texts', ['Good morning, my friend.', 'Thank you very much.']],
    [
      'texts with a lone surrogate, bidi overrides, a NUL and markup-like characters',
      ['Good morning\uD800, my friend.', '\u202EThank you\u0000 <b>very</b> much & more.'],
    ],
  ])('translates %s the same on every surface, detected the same way', async (_name, texts) => {
    const input: Input = { texts, source: 'auto', target: 'fr' };
    const answers = await Promise.all(
      (['ours', 'libre', 'deepl'] as const).map((surface) => send(surface, input)),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers[1]!.translations).toEqual(answers[0]!.translations);
    expect(answers[2]!.translations).toEqual(answers[0]!.translations);
    expect(answers[0]!.sources).toEqual(['eng_Latn', 'eng_Latn']);
    expect(answers[1]!.sources).toEqual(answers[0]!.sources);
    expect(answers[2]!.sources).toEqual(answers[0]!.sources);
    expect(answers[0]!.translations!.every((text) => text.length > 0)).toBe(true);
  });
});
