/**
 * HTML and XML in text requests, on every API that takes them: our `format`, LibreTranslate's
 * `format=html` and DeepL's `tag_handling` (with `ignore_tags`). The markup comes back exactly; the
 * words between tags are translated (the tiny model rewrites every word, so a text that reached the
 * model unchanged would show).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './build-test-app.ts';

const HTML =
  '<p>Good morning, <b>my friend</b>. <a href="https://example.org/?a=1&amp;b=2" title="Our home page">Read more</a></p>' +
  '<!-- keep --><code>npm ci</code> <span class="notranslate">Sema Team</span>';

/** The tags of a text, in order (a `title`, being text, is translated: it is left out here). */
const tagsOf = (markup: string) =>
  (markup.match(/<[^>]*>/g) ?? []).map((tag) => tag.replace(/ title="[^"]*"/, ' title'));

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ SEMA_RATE_LIMIT: '1000/minute' });
}, 60_000);
afterAll(() => app?.close());

function expectMarkupKept(translated: string, original = HTML) {
  expect(tagsOf(translated)).toEqual(tagsOf(original));
  expect(translated).toContain('<code>npm ci</code>');
  expect(translated).toContain('<span class="notranslate">Sema Team</span>');
  expect(translated).not.toContain('Good morning');
  expect(translated).not.toContain('Our home page');
}

describe('markup in text requests', () => {
  it('/api/v1/translate with format html, detecting the language from the words only', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/translate',
      payload: { text: HTML, target_language: 'fra_Latn', format: 'html' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ translated_text: string; source_language: string }>();
    expect(body.source_language).toBe('eng_Latn');
    expectMarkupKept(body.translated_text);

    const plain = await app.inject({
      method: 'POST',
      url: '/api/v1/translate',
      payload: { text: '<b>Hello</b>', source_language: 'en', target_language: 'fr', format: 'bogus' },
    });
    expect(plain.statusCode).toBe(422);
  });

  it('/api/v1/translate/batch with format xml', async () => {
    const xml = '<msg id="1">Welcome back, <user/>!</msg>';
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/translate/batch',
      payload: {
        texts: [xml, '<msg>Thank you.</msg>'],
        source_language: 'en',
        target_language: 'sw',
        format: 'xml',
      },
    });
    expect(response.statusCode).toBe(200);
    const [first, second] = response.json<{ translations: { translated_text: string }[] }>().translations;
    expect(tagsOf(first!.translated_text)).toEqual(['<msg id="1">', '<user/>', '</msg>']);
    expect(first!.translated_text).not.toContain('Welcome');
    expect(tagsOf(second!.translated_text)).toEqual(['<msg>', '</msg>']);
  });

  it('LibreTranslate format=html, as a form post', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/translate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ q: HTML, source: 'auto', target: 'de', format: 'html' }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expectMarkupKept(response.json<{ translatedText: string }>().translatedText);
    const refused = await app.inject({
      method: 'POST',
      url: '/translate',
      payload: { q: 'Hi', source: 'en', target: 'de', format: 'pdf' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Invalid request: format must be text or html, not pdf' });
  });

  it('DeepL tag_handling html and xml, with ignore_tags', async () => {
    const html = await app.inject({
      method: 'POST',
      url: '/v2/translate',
      payload: { text: [HTML], source_lang: 'EN', target_lang: 'ES', tag_handling: 'html' },
    });
    expectMarkupKept(html.json<{ translations: { text: string }[] }>().translations[0]!.text);

    const xml = await app.inject({
      method: 'POST',
      url: '/v2/translate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams([
        ['text', '<doc><t>Open the door.</t><keep>Do not touch.</keep></doc>'],
        ['target_lang', 'FR'],
        ['tag_handling', 'xml'],
        ['ignore_tags', 'keep,other'],
      ]).toString(),
    });
    const text = xml.json<{ translations: { text: string }[] }>().translations[0]!.text;
    expect(text).toContain('<keep>Do not touch.</keep>');
    expect(text).not.toContain('Open the door.');
    expect(tagsOf(text)).toEqual(['<doc>', '<t>', '</t>', '<keep>', '</keep>', '</doc>']);

    const refused = await app.inject({
      method: 'POST',
      url: '/v2/translate',
      payload: { text: ['Hi'], target_lang: 'DE', tag_handling: 'markdown' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "Value for 'tag_handling' not supported." });
  });
});
