/**
 * The LibreTranslate-compatible API, driven over real HTTP by the real npm clients (`libretranslate`,
 * and `translate` with its `libre` engine) and by forms shaped as Weblate sends them.
 */
import { translate as libretranslate } from 'libretranslate';
import { Translate } from 'translate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, listenOn, postJson, withTestApp } from './build-test-app.ts';

let app: App;
let base: string;

beforeAll(async () => {
  app = await buildTestApp({ SEMA_RATE_LIMIT: '1000/minute' });
  ({ base } = await listenOn(app));
  await app.translation.translate({ text: 'warm up', source: 'eng_Latn', target: 'swh_Latn' });
}, 60_000);
afterAll(() => app?.close());

const post = (path: string, body: RequestInit['body'], type?: string) =>
  fetch(`${base}${path}`, { method: 'POST', body, ...(type ? { headers: { 'Content-Type': type } } : {}) });
const json = (path: string, body: unknown) => post(path, JSON.stringify(body), 'application/json');

describe('the LibreTranslate API at the root', () => {
  it('works with the libretranslate npm client, pointed at Sema', async () => {
    const translated = await libretranslate({
      query: 'Good morning, my friend.',
      source: 'en',
      target: 'sw',
      apiurl: base,
    });
    expect(typeof translated).toBe('string');
    expect(translated.length).toBeGreaterThan(0);
    const ours = await app.translation.translate({
      text: 'Good morning, my friend.',
      source: 'eng_Latn',
      target: 'swh_Latn',
    });
    expect(translated).toBe(ours);
  });

  it("works with the translate npm package's libre engine", async () => {
    // The package's types lack `url`, which its libre engine reads (the server to use).
    const options = { engine: 'libre' as const, url: `${base}/translate`, from: 'en', to: 'fr' };
    const translate = Translate(options);
    const translated = await translate('Thank you very much.');
    expect(translated).toBe(
      await app.translation.translate({
        text: 'Thank you very much.',
        source: 'eng_Latn',
        target: 'fra_Latn',
      }),
    );
  });

  it('takes a form as Weblate sends it, with q repeated, and detects the source', async () => {
    const form = new URLSearchParams([
      ['q', 'Good morning, my friend. The children are going to school.'],
      ['q', 'Thank you very much for your help today.'],
      ['source', 'auto'],
      ['target', 'de'],
      ['format', 'text'],
      ['api_key', 'anything'],
    ]);
    const response = await post('/translate', form);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      translatedText: string[];
      detectedLanguage: { language: string; confidence: number }[];
    };
    expect(body.translatedText).toHaveLength(2);
    expect(body.detectedLanguage.map((found) => found.language)).toEqual(['en', 'en']);
    for (const found of body.detectedLanguage) {
      expect(found.confidence).toBeGreaterThan(50);
      expect(found.confidence).toBeLessThanOrEqual(100);
    }
  });

  it('answers a JSON array with an array, with alternatives from the n-best list', async () => {
    const response = await json('/translate', {
      q: ['Hello.', '12345'],
      source: 'en',
      target: 'zh-Hant',
      alternatives: 3,
    });
    const body = (await response.json()) as { translatedText: string[]; alternatives: string[][] };
    expect(body.translatedText).toHaveLength(2);
    // Other translations of 'Hello.'; nothing for a text without words.
    const [hello, digits] = body.alternatives;
    expect(hello!.length).toBeGreaterThan(0);
    expect(hello!.length).toBeLessThanOrEqual(3);
    expect(new Set(hello).size).toBe(hello!.length);
    expect(hello).not.toContain(body.translatedText[0]);
    expect(digits).toEqual([]);

    // An empty text in the list is refused, as on every surface.
    const empty = await json('/translate', { q: ['Hello.', ' '], source: 'en', target: 'fr' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'Invalid request: Text cannot be empty (q[1])' });

    const refused = await json('/translate', { q: 'Hi', source: 'en', target: 'fr', alternatives: 9 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'Invalid request: alternatives must be a whole number from 0 to 3',
    });
  });

  it('detects, lists languages and settings as LibreTranslate does', async () => {
    const detected = (await (await json('/detect', { q: 'Habari za asubuhi, rafiki yangu.' })).json()) as {
      language: string;
      confidence: number;
    }[];
    expect(detected[0]).toMatchObject({ language: 'sw' });
    expect(detected[0]!.confidence).toBeGreaterThan(50);

    const languages = (await (await fetch(`${base}/languages`)).json()) as {
      code: string;
      name: string;
      targets: string[];
    }[];
    // 202 languages, six of them also under an older code (zh, zt, pb, pt-BR, no, fil).
    expect(languages).toHaveLength(208);
    const swahili = languages.find((language) => language.code === 'sw');
    expect(swahili?.name).toBe('Swahili');
    expect(swahili?.targets).toEqual(expect.arrayContaining(['en', 'zh-Hans', 'zh-Hant', 'yo', 'ha', 'am']));

    const settings = (await (await fetch(`${base}/frontend/settings`)).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ charLimit: 5000, keyRequired: false, filesTranslation: true });
    expect(settings.supportedFilesFormat).toEqual(expect.arrayContaining(['.txt', '.docx', '.srt']));
  });

  it('translates a file and serves it from translatedFileUrl', async () => {
    const form = new FormData();
    form.append('file', new Blob(['Good morning.\nThank you.\n'], { type: 'text/plain' }), 'notes.txt');
    form.append('source', 'en');
    form.append('target', 'fr');
    const response = await post('/translate_file', form);
    expect(response.status).toBe(200);
    const { translatedFileUrl } = (await response.json()) as { translatedFileUrl: string };
    expect(translatedFileUrl).toMatch(
      new RegExp(`^${base}/download_file/[0-9a-f-]{36}\\.[\\w-]{32}/notes\\.fr\\.txt$`),
    );
    const file = await fetch(translatedFileUrl);
    expect(file.status).toBe(200);
    // The id alone does not open the file: its secret key is part of the link.
    const guessed = await fetch(
      translatedFileUrl.replace(/\.[\w-]{32}\//, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/'),
    );
    expect(guessed.status).toBe(400);
    const lines = (await file.text()).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      await app.translation.translate({ text: 'Good morning.', source: 'eng_Latn', target: 'fra_Latn' }),
    );
  });

  it.each([
    ['/translate', { source: 'en', target: 'fr' }, 400, 'Invalid request: missing q parameter'],
    ['/translate', { q: 'Hi', source: 'en' }, 400, 'Invalid request: missing target parameter'],
    ['/translate', { q: 'Hi', source: 'en', target: 'xx' }, 400, 'xx is not supported'],
    [
      '/translate',
      { q: 'Hi', source: 'en', target: 'fr', format: 'markdown' },
      400,
      'Invalid request: format must be text or html, not markdown',
    ],
    ['/translate', { q: 'a'.repeat(5001), source: 'en', target: 'fr' }, 400, /exceeds text limit \(5000\)/],
    ['/translate', { q: [1, 2], source: 'en', target: 'fr' }, 400, /q must be a string or a list of strings/],
    ['/detect', {}, 400, 'Invalid request: missing q parameter'],
    // Fields of the wrong type, refused by the route's schema in LibreTranslate's words.
    ['/translate', { q: 'Hi', source: 'en', target: 5 }, 400, 'Invalid request: target must be a string'],
    [
      '/translate',
      { q: 'Hi', source: 'en', target: 'fr', alternatives: true },
      400,
      'Invalid request: alternatives parameter is not a number',
    ],
    ['/detect', { q: ['Hi', 'there'] }, 400, 'Invalid request: q must be a string'],
    [
      '/suggest',
      { q: 'Hi', s: 'Salut', source: 'en', target: 'fr' },
      403,
      'Suggestions are disabled on this server.',
    ],
  ])('answers %s (case %#) with its status and {error}', async (path, body, status, error) => {
    const response = await json(path, body);
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { error: string };
    expect(Object.keys(answer)).toEqual(['error']);
    if (typeof error === 'string') expect(answer.error).toBe(error);
    else expect(answer.error).toMatch(error);
  });

  it('refuses malformed JSON and other content types in its own shape, saying which', async () => {
    const broken = await post('/translate', '{"q": ', 'application/json');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'Malformed JSON body: the request body is not valid JSON' });
    const plain = await post('/translate', 'q=Hi', 'text/plain');
    expect(plain.status).toBe(400);
    const answer = (await plain.json()) as { error: string };
    expect(Object.keys(answer)).toEqual(['error']);
    // Names what was sent and what is taken, not a bare "Invalid request".
    expect(answer.error).toMatch(/text\/plain/);
    expect(answer.error).toMatch(/application\/json/);
  });
});

describe('the LibreTranslate API while the model is unavailable', () => {
  it('answers 503 {error} with Retry-After, as every other surface does (was 500)', async () => {
    await withTestApp({ SEMA_NLLB_MODEL: '/nonexistent-model-folder' }, async (unavailable) => {
      const ours = await postJson(unavailable, '/api/v1/translate', {
        text: 'Hello.',
        source_language: 'eng_Latn',
        target_language: 'fra_Latn',
      });
      expect(ours.statusCode).toBe(503);
      expect(Number(ours.headers['retry-after'])).toBeGreaterThan(0);
      const lt = await postJson(unavailable, '/translate', { q: 'Hello.', source: 'en', target: 'fr' });
      expect(lt.statusCode).toBe(503);
      expect(Number(lt.headers['retry-after'])).toBeGreaterThan(0);
      expect(Object.keys(lt.json())).toEqual(['error']);
    });
  });
});

describe('the LibreTranslate API under a rate limit', () => {
  it('answers 429 {error} with Retry-After', async () => {
    await withTestApp({ SEMA_RATE_LIMIT: '2/minute' }, async (limited) => {
      const ask = () => limited.inject({ method: 'GET', url: '/frontend/settings' });
      await ask();
      await ask();
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(Object.keys(refused.json())).toEqual(['error']);
    });
  });
});
