/**
 * The LibreTranslate API as its real clients use it: GNOME's Dialect (the Debian package `dialect`)
 * and Weblate, whose requests are replayed as their public sources send them, and the
 * `libretranslate` npm package run unchanged, with and without API keys.
 *
 * - Dialect 2.1.1 (Debian) and 2.6: `dialect/translators/libretrans.py` and
 *   `dialect/providers/modules/libretrans.py` — an instance is valid when `GET /spec` has
 *   `info.title == "LibreTranslate"`; errors are told apart by the exact `error` text.
 * - Weblate 5: `weblate/machinery/libretranslate.py` and `base.py` — the codes of `GET /languages`,
 *   `zh_Hans` sent as `zh`, then `POST /translate` as JSON `{api_key, q: [...], source, target}`
 *   with its placeholders replaced by `[X<offset>X]` tokens that must come back as they went.
 */
import { translate as libretranslate } from 'libretranslate';
import { describe, expect, it } from 'vitest';
import { listenDuringTests } from './build-test-app.ts';

interface LtLanguage {
  code: string;
  name: string;
  targets: string[];
}

const json = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'Dialect App', ...headers },
  });

/**
 * The libretranslate npm client, run unchanged, translates "Good morning." from `en` into `target`
 * exactly as Sema's own translation into `catalogue` does.
 */
async function expectNpmClientAgrees(
  served: ReturnType<typeof listenDuringTests>,
  target: string,
  catalogue: string,
  apiKey?: string,
) {
  const translated = await libretranslate({
    query: 'Good morning.',
    source: 'en',
    target,
    apiurl: served.base,
    ...(apiKey ? { apiKey } : {}),
  });
  expect(translated).toBe(
    await served.app.translation.translate({ text: 'Good morning.', source: 'eng_Latn', target: catalogue }),
  );
}

describe('LibreTranslate clients, no keys', () => {
  const served = listenDuringTests({ SEMA_RATE_LIMIT: '1000/minute' });

  it("passes Dialect's instance check: GET /spec is LibreTranslate's Swagger document", async () => {
    const response = await fetch(`${served.base}/spec`, { headers: { 'User-Agent': 'Dialect App' } });
    expect(response.status).toBe(200);
    const spec = (await response.json()) as {
      swagger: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    // Dialect: `valid = response["info"]["title"] == "LibreTranslate"`.
    expect(spec.info.title).toBe('LibreTranslate');
    expect(spec.swagger).toBe('2.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/translate',
        '/detect',
        '/languages',
        '/frontend/settings',
        '/translate_file',
        '/suggest',
      ]),
    );
    const names = spec.paths['/translate']!.post!.parameters!.map((parameter) => parameter.name);
    expect(names).toEqual(
      expect.arrayContaining(['q', 'source', 'target', 'format', 'alternatives', 'api_key']),
    );
    // Only the LibreTranslate surface: not Sema's own API, nor DeepL's.
    expect(Object.keys(spec.paths).some((path) => path.startsWith('/api/') || path.startsWith('/v2/'))).toBe(
      false,
    );
  });

  it('loads in Dialect: languages, settings, a form /detect and a JSON /translate as it sends them', async () => {
    const languages = (await (await fetch(`${served.base}/languages`)).json()) as LtLanguage[];
    expect(languages.every((language) => typeof language.code === 'string' && language.name)).toBe(true);
    const settings = (await (await fetch(`${served.base}/frontend/settings`)).json()) as Record<
      string,
      unknown
    >;
    expect(settings).toMatchObject({ apiKeys: false, keyRequired: false, suggestions: false });
    expect(Number(settings.charLimit)).toBeGreaterThan(0);

    const detected = await fetch(`${served.base}/detect`, {
      method: 'POST',
      body: new URLSearchParams({ q: 'hello', api_key: '' }),
      headers: { 'User-Agent': 'Dialect App' },
    });
    expect(detected.status).toBe(200);
    // Dialect: `return "confidence" in response[0]`.
    expect(((await detected.json()) as unknown[])[0]).toHaveProperty('confidence');

    const translated = await json(served.base, '/translate', {
      q: 'Good morning.',
      source: 'auto',
      target: 'fr',
    });
    expect(translated.status).toBe(200);
    const body = (await translated.json()) as {
      translatedText: string;
      detectedLanguage: { language: string };
    };
    expect(body.translatedText.length).toBeGreaterThan(0);
    expect(body.detectedLanguage.language).toBe('en');
  });

  it('words the refusals Dialect tells apart as LibreTranslate does', async () => {
    // Dialect: `elif "is not supported" in error: raise InvalidLangCode`,
    // `elif "exceeds text limit" in error: raise BatchSizeExceeded`.
    const language = await json(served.base, '/translate', { q: 'hello', source: 'en', target: 'xx' });
    expect(((await language.json()) as { error: string }).error).toContain('is not supported');
    const batch = await json(served.base, '/translate', {
      q: Array(51).fill('Hi.'),
      source: 'en',
      target: 'fr',
    });
    expect(batch.status).toBe(400);
    expect(await batch.json()).toEqual({ error: 'Invalid request: request (51) exceeds text limit (50)' });
  });

  it('lists every code LibreTranslate has used (zh, zt, pb, pt-BR, no) and Weblate’s fil, and accepts them', async () => {
    const languages = (await (await fetch(`${served.base}/languages`)).json()) as LtLanguage[];
    const codes = languages.map((language) => language.code);
    for (const code of ['zh', 'zt', 'pb', 'pt-BR', 'no', 'fil', 'zh-Hans', 'zh-Hant', 'pt', 'tl', 'nb']) {
      expect(codes, code).toContain(code);
    }
    expect(new Set(codes).size).toBe(codes.length);
    // A listed code is a target of the others, as LibreTranslate lists its pairs.
    expect(languages.find((language) => language.code === 'en')?.targets).toEqual(
      expect.arrayContaining(['zh', 'zt', 'pb', 'pt-BR']),
    );

    const ours = (text: string, target: string) =>
      served.app.translation.translate({ text, source: 'eng_Latn', target });
    for (const [code, catalogue] of [
      ['zt', 'cmn_Hant'],
      ['zh', 'cmn_Hans'],
      ['pb', 'por_Latn'],
      ['pt-BR', 'por_Latn'],
      ['no', 'nob_Latn'],
      ['fil', 'tgl_Latn'],
    ] as const) {
      const response = await json(served.base, '/translate', { q: 'Thank you.', source: 'en', target: code });
      expect(response.status, code).toBe(200);
      expect(((await response.json()) as { translatedText: string }).translatedText).toBe(
        await ours('Thank you.', catalogue),
      );
    }
  });

  it('works with the libretranslate npm client into zh, which it checks against /languages first', async () => {
    await expectNpmClientAgrees(served, 'zh', 'cmn_Hans');
  });

  it("finds zh_Hans supported as Weblate does, and brings Weblate's [X<n>X] placeholders back", async () => {
    // Weblate: download_languages() → the codes; zh_Hans is mapped to zh; is_supported(source, target).
    const codes = ((await (await fetch(`${served.base}/languages`)).json()) as LtLanguage[]).map(
      (language) => language.code,
    );
    expect(codes).toContain('en');
    expect(codes).toContain('zh');

    // cleanup_text(): each highlighted placeholder becomes `[X` + its offset in the source + `X]`.
    // From 'Hello %s, you have %d new messages.', 'Delete {count} files from {folder}?', …
    const sources = [
      'Hello [X6X], you have [X19X] new messages.',
      'Delete [X7X] files from [X26X]?',
      'Saved [X6X] of [X14X] items in [X28X] seconds.',
      '[X0X] liked your photo.',
      'Click [X6X]here[X13X] to continue.',
    ];
    const response = await json(served.base, '/translate', {
      api_key: '',
      q: sources,
      source: 'en',
      target: 'zh',
    });
    expect(response.status).toBe(200);
    const { translatedText } = (await response.json()) as { translatedText: string[] };
    expect(translatedText).toHaveLength(sources.length);
    sources.forEach((source, index) => {
      const tokens = source.match(/\[X\d+X\]/g)!;
      const back = translatedText[index]!.match(/\[X\d+X *\]/g) ?? [];
      // uncleanup_text() finds each token once (it allows a space before the bracket).
      expect(back.map((token) => token.replace(/ +\]$/, ']')).sort(), source).toEqual([...tokens].sort());
    });
  });
});

describe('LibreTranslate clients with API keys', () => {
  const KEY = 'lt-client-key-0001';
  const served = listenDuringTests({ SEMA_RATE_LIMIT: '1000/minute', SEMA_API_KEYS: KEY });

  it("answers a request without a key in LibreTranslate's words, which Dialect recognises", async () => {
    // Dialect: `if error == "Please contact the server operator to obtain an API key": raise APIKeyRequired`.
    const hello = (key?: string) =>
      json(served.base, '/translate', {
        q: 'hello',
        source: 'en',
        target: 'es',
        ...(key ? { api_key: key } : {}),
      });
    const none = await hello();
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({ error: 'Please contact the server operator to obtain an API key' });
    // Dialect: `elif error == "Invalid API key": raise APIKeyInvalid`.
    const wrong = await hello('nope-nope');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: 'Invalid API key' });
    const right = await hello(KEY);
    expect(right.status).toBe(200);
  });

  it('takes the key the libretranslate npm client sends as apiKey', async () => {
    await expectNpmClientAgrees(served, 'fr', 'fra_Latn', KEY);
  });

  it('serves /spec without a key, as LibreTranslate does', async () => {
    const response = await fetch(`${served.base}/spec`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { info: { title: string } }).info.title).toBe('LibreTranslate');
  });
});
