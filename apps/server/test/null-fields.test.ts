/**
 * `null` in an optional field is "not given" on every surface, as the original services read it.
 * The bodies are the clients' own: the LibreTranslate Firefox extension (`api_key: null` when the
 * user set no key, for its translations and its detection), JSON clients of Sema's API, DeepL
 * clients that fill every field, and OpenAI clients (LibreChat, n8n) that send `null` for unset
 * sampling settings.
 */
import { describe, expect, it } from 'vitest';
import { openAiSurfaceWithFakeChat } from './fake-chat-app.ts';
import { UPSTREAM_MODEL } from './fake-openai.ts';

let base = '';
openAiSurfaceWithFakeChat({ SEMA_RATE_LIMIT: '1000/minute' }, (_fake, _app, url) => {
  base = url.replace(/\/v1$/, '');
});

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });

describe('null as "not given"', () => {
  it("takes the LibreTranslate Firefox extension's translation and detection with api_key: null", async () => {
    const translated = await post('/translate', {
      q: 'Tom\'s "quote" & <more>',
      source: 'auto',
      target: 'en',
      format: 'text',
      api_key: null,
    });
    expect(translated.status, await translated.clone().text()).toBe(200);
    expect(((await translated.json()) as { translatedText: string }).translatedText.length).toBeGreaterThan(
      0,
    );
    const detected = await post('/detect', { q: 'Habari ya asubuhi, rafiki yangu.', api_key: null });
    expect(detected.status).toBe(200);
    expect(((await detected.json()) as { language: string }[])[0]).toHaveProperty('language');
    // The npm package's spelling of the key, and LibreTranslate's other optional fields.
    const npmShape = await post('/translate', {
      q: 'Good morning.',
      source: 'en',
      target: 'fr',
      apiKey: null,
      format: null,
      alternatives: null,
    });
    expect(npmShape.status).toBe(200);
  });

  it("takes null optionals on Sema's own API, and still refuses a null where a field is required", async () => {
    const ok = await post('/api/v1/translate', {
      text: 'Good morning.',
      source_language: null,
      target_language: 'fra_Latn',
      glossary: null,
      glossary_id: null,
      format: null,
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const missing = await post('/api/v1/translate', { text: null, target_language: 'fra_Latn' });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { detail: string }).detail).toMatch(/text/);
  });

  it('takes DeepL v2 bodies with every optional field null', async () => {
    const response = await post('/v2/translate', {
      text: ['Good morning.'],
      target_lang: 'FR',
      source_lang: null,
      formality: null,
      glossary_id: null,
      tag_handling: null,
      ignore_tags: null,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as { translations: { text: string }[] };
    expect(body.translations).toHaveLength(1);
  });

  it('takes OpenAI chat bodies with null sampling settings', async () => {
    const response = await post('/v1/chat/completions', {
      model: UPSTREAM_MODEL,
      messages: [
        { role: 'user', content: 'What is the capital of Kenya?' },
        { role: 'assistant', content: 'Nairobi.', name: null },
        { role: 'user', content: 'And of Tanzania?' },
      ],
      temperature: null,
      top_p: null,
      max_tokens: null,
      stop: null,
      user: null,
      n: null,
      seed: null,
      frequency_penalty: null,
      presence_penalty: null,
      response_format: null,
      stream_options: null,
      stream: false,
    });
    expect(response.status, await response.clone().text()).toBe(200);
  });
});
