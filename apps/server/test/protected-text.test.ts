/**
 * Placeholders, code, URLs, addresses, mentions and versions come back verbatim and in order on every
 * path: our API (one text and batches), both compatibility APIs and documents. The tiny model copies
 * nothing, so a span that reached it would be lost: these tests fail if any path skips protection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { protectedSpans } from '../src/translation/protected-spans.ts';
import { buildTestApp, postJson } from './build-test-app.ts';

const TEXT =
  'Hello {name}, visit https://example.org/a?b=1 or write to ana@example.org. ' +
  'Version 2.3.1 needs `npm ci` and %1$s, {{count}} times, for @ana and #sema.';
const SPANS = protectedSpans(TEXT);

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
}, 60_000);
afterAll(() => app?.close());

/** Every span, in order, in the translation. */
function expectSpansKept(translated: string) {
  let from = 0;
  for (const span of SPANS) {
    const at = translated.indexOf(span, from);
    expect(at, `${span} in ${translated}`).toBeGreaterThanOrEqual(0);
    from = at + span.length;
  }
  expect(translated).not.toBe(TEXT);
}

/** POSTs a file to /api/v1/translate/document, English to French, asking for a JSON answer. */
function postDocument(filename: string, type: string, content: string) {
  const boundary = 'sema-protected';
  const field = (name: string, value: string) => [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${name}"`,
    '',
    value,
  ];
  const body = [
    ...field('target_language', 'fra_Latn'),
    ...field('source_language', 'eng_Latn'),
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${filename}"`,
    `Content-Type: ${type}`,
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return postJson(app, '/api/v1/translate/document', body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    accept: 'application/json',
  });
}

/** POSTs `texts` (our API's `text` or `texts`) from English to Swahili with a request glossary. */
function englishToSwahili(url: string, texts: { text: string } | { texts: string[] }, glossary: unknown) {
  return postJson(app, url, { ...texts, source_language: 'en', target_language: 'sw', glossary });
}

describe('protected text on every path', () => {
  it('finds the spans this test relies on', () => {
    expect(SPANS).toEqual([
      '{name}',
      'https://example.org/a?b=1',
      'ana@example.org',
      '2.3.1',
      '`npm ci`',
      '%1$s',
      '{{count}}',
      '@ana',
      '#sema',
    ]);
  });

  it('POST /api/v1/translate and /batch', async () => {
    const one = await postJson(app, '/api/v1/translate', {
      text: TEXT,
      source_language: 'eng_Latn',
      target_language: 'fra_Latn',
    });
    expectSpansKept(one.json<{ translated_text: string }>().translated_text);
    const batch = await postJson(app, '/api/v1/translate/batch', {
      texts: [TEXT, 'Plain words.'],
      source_language: 'eng_Latn',
      target_language: 'swh_Latn',
    });
    expectSpansKept(
      batch.json<{ translations: { translated_text: string }[] }>().translations[0]!.translated_text,
    );
  });

  it('the LibreTranslate and DeepL APIs', async () => {
    const libre = await postJson(app, '/translate', { q: TEXT, source: 'en', target: 'de' });
    expectSpansKept(libre.json<{ translatedText: string }>().translatedText);
    const deepl = await postJson(app, '/v2/translate', {
      text: [TEXT],
      source_lang: 'EN',
      target_lang: 'ES',
    });
    expectSpansKept(deepl.json<{ translations: { text: string }[] }>().translations[0]!.text);
  });

  it('a text document', async () => {
    const response = await postDocument('notes.txt', 'text/plain', TEXT);
    expect(response.statusCode).toBe(200);
    expectSpansKept(response.json<{ text: string }>().text);
  });

  it('a nested ICU plural sent as text keeps its structure exactly as in a document', async () => {
    const plural =
      '{count, plural, one {One file} other {{folders, plural, one {# files in one folder} other {# files in # folders}}}}';
    const asText = await postJson(app, '/api/v1/translate', {
      text: plural,
      source_language: 'eng_Latn',
      target_language: 'fra_Latn',
    });
    const translated = asText.json<{ translated_text: string }>().translated_text;
    const inDocument = await postDocument('messages.json', 'application/json', JSON.stringify({ plural }));
    expect(JSON.parse(inDocument.json<{ text: string }>().text)).toEqual({ plural: translated });
    // The messages were translated (the tiny model copies nothing), the syntax of both levels kept.
    expect(translated).not.toBe(plural);
    expect(translated).toMatch(
      /^\{count, plural, one \{[^{}#]+\} other \{\{folders, plural, one \{# [^{}#]+\} other \{# [^{}#]+# [^{}#]+\}\}\}\}$/,
    );
  });

  it('a glossary on /api/v1/translate and /batch: terms replaced, do-not-translate terms kept', async () => {
    const glossary = { village: 'kijiji', Sema: 'Sema' };
    const one = await englishToSwahili(
      '/api/v1/translate',
      { text: 'The village loves Sema very much.' },
      glossary,
    );
    expect(one.statusCode).toBe(200);
    const translated = one.json<{ translated_text: string }>().translated_text;
    expect(translated).toContain('kijiji');
    expect(translated).toContain('Sema');
    expect(translated).not.toContain('village');
    const batch = await englishToSwahili(
      '/api/v1/translate/batch',
      { texts: ['A VILLAGE.', 'No term here.'] },
      glossary,
    );
    expect(
      batch.json<{ translations: { translated_text: string }[] }>().translations[0]!.translated_text,
    ).toContain('kijiji');
  });

  it.each([
    [{ '': 'x' }, 'glossary: a term must not be empty'],
    [{ ['t'.repeat(101)]: 'x' }, 'glossary: a term is at most 100 characters'],
    [
      Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`term${i}`, 'x'])),
      'glossary: at most 100 terms (got 101)',
    ],
    [{ village: 1 }, /glossary/],
  ])('refuses a bad glossary (case %#) with 422', async (glossary, detail) => {
    const response = await englishToSwahili('/api/v1/translate', { text: 'The village.' }, glossary);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ detail: string }>();
    if (typeof detail === 'string') expect(body.detail).toBe(detail);
    else expect(body.detail).toMatch(detail);
  });
});
