/**
 * Optional API keys: off, everything is open (the other suites); on, every API that does work needs a
 * key — in each protocol's own words — counts its characters per month, and refuses past its limit,
 * with one budget across processes through Redis. The server's own web app sends a session token
 * instead, bound to its address and within that address's budget; no header is a way around them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as deepl from 'deepl-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { SESSION_HEADER } from '@sema/shared/api/schemas';
import { parseApiKeys } from '../src/config/parsers.ts';
import { WebSessions } from '../src/lib/web-session.ts';
import { buildTestApp, listenOn, postJson } from './build-test-app.ts';
import { REDIS_SERVER } from '@sema/testkit/redis';
import { appsOnRedis, redisForSuite } from './redis-suite.ts';
import { startSlowRemoteEngine } from './slow-remote-engine.ts';

const SMALL = 'small-key-0001'; // 100 characters a month
const OPEN = 'open-key-00002'; // no limit
const KEYS = `${SMALL}:100,${OPEN}`;

const translate = (app: App, headers: Record<string, string>, text = 'Good morning, friend.') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/translate',
    headers,
    payload: { text, source_language: 'en', target_language: 'fr' },
  });

describe('parsing keys', () => {
  it('reads key and key:limit entries, with k and m, comments and blank lines', () => {
    expect(parseApiKeys('abcdefgh, ijklmnop:500k\n# team\nqrstuvwx:2m # note\n', 'SEMA_API_KEYS')).toEqual([
      { key: 'abcdefgh', monthlyChars: null },
      { key: 'ijklmnop', monthlyChars: 500_000 },
      { key: 'qrstuvwx', monthlyChars: 2_000_000 },
    ]);
    expect(() => parseApiKeys('short', 'SEMA_API_KEYS')).toThrow(/entry 1 must look like key or key:limit/);
    expect(() => parseApiKeys('abcdefgh:lots', 'SEMA_API_KEYS')).toThrow(/entry 1/);
    expect(() => parseApiKeys('abcdefgh,abcdefgh:5', 'SEMA_API_KEYS')).toThrow(/entry 2 repeats a key/);
  });
});

describe('with API keys', () => {
  let app: App;
  let base: string;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-keys-'));
  beforeAll(async () => {
    const file = path.join(folder, 'keys.txt');
    fs.writeFileSync(file, '# from a file\nfile-key-00003:1m\n');
    app = await buildTestApp({ SEMA_API_KEYS: KEYS, SEMA_API_KEYS_FILE: file, SEMA_WEB_ACCESS: 'session' });
    ({ base } = await listenOn(app));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('refuses work without a key, or with a wrong one, in each protocol’s shape', async () => {
    const none = await translate(app, {});
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('API_KEY_REQUIRED');
    const wrong = await translate(app, { authorization: 'Bearer not-a-key-at-all' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'INVALID_API_KEY', detail: 'Invalid API key' });

    const libre = await postJson(app, '/translate', { q: 'Hi', source: 'en', target: 'fr' });
    expect(libre.statusCode).toBe(403);
    expect(libre.json()).toHaveProperty('error');
    const deeplRefusal = await postJson(app, '/v2/translate', { text: ['Hi'], target_lang: 'FR' });
    expect(deeplRefusal.statusCode).toBe(403);
    expect(deeplRefusal.json()).toHaveProperty('message');
    const glossaries = await app.inject({ method: 'GET', url: '/api/v1/glossaries' });
    expect(glossaries.statusCode).toBe(401);
  });

  it('keeps reading routes free', async () => {
    for (const url of [
      '/api/v1/languages',
      '/api/v1/status',
      '/languages',
      '/v2/languages',
      '/frontend/settings',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const settings = (await app.inject({ method: 'GET', url: '/frontend/settings' })).json();
    expect(settings).toMatchObject({ apiKeys: true, keyRequired: true });
  });

  it('lets no header stand in for a key: a bare Sec-Fetch-Site: same-origin gets 401', async () => {
    for (const site of ['same-origin', 'same-site', 'none']) {
      const response = await translate(app, { 'sec-fetch-site': site });
      expect(response.statusCode, site).toBe(401);
      expect(response.json().code).toBe('API_KEY_REQUIRED');
    }
  });

  it('lets this server’s web app in with its session token, from the address it was given to only', async () => {
    const session = await app.inject({ method: 'POST', url: '/api/v1/session', remoteAddress: '10.1.2.3' });
    expect(session.statusCode).toBe(200);
    const { token, expires_at, key_required } = session.json();
    expect(key_required).toBe(false);
    expect(typeof token).toBe('string');
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(50 * 60_000);
    expect(session.headers['access-control-allow-origin']).toBeUndefined();

    const withToken = (value: string, remoteAddress = '10.1.2.3') =>
      app.inject({
        method: 'POST',
        url: '/api/v1/translate',
        remoteAddress,
        headers: { [SESSION_HEADER]: value },
        payload: { text: 'Good morning.', source_language: 'en', target_language: 'fr' },
      });
    expect((await withToken(token)).statusCode).toBe(200);
    const elsewhere = await withToken(token, '10.9.9.9');
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().code).toBe('SESSION_INVALID');
    expect(elsewhere.json().detail).toMatch(/not valid from this address/);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await withToken(forged)).statusCode).toBe(401);
    expect((await withToken('not.a.token')).statusCode).toBe(401);
  });

  it('takes a key from any of the usual places', async () => {
    expect((await translate(app, { authorization: `Bearer ${OPEN}` })).statusCode).toBe(200);
    expect((await translate(app, { 'x-api-key': OPEN })).statusCode).toBe(200);
    expect((await translate(app, { 'x-api-key': 'file-key-00003' })).statusCode).toBe(200);
    const form = await postJson(
      app,
      '/translate',
      new URLSearchParams({ q: 'Hello', source: 'en', target: 'de', api_key: OPEN }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(form.statusCode).toBe(200);
  });

  it('counts characters per key and refuses past the monthly limit: 429 here, 456 for DeepL', async () => {
    const translator = new deepl.Translator(SMALL, { serverUrl: base, maxRetries: 0 });
    const sixty = 'x'.repeat(10) + ' Good morning to all of you, my dear friends!!';
    expect(sixty.length).toBeLessThan(100);
    await translator.translateText(sixty, 'en', 'fr');
    const usage = await translator.getUsage();
    expect(usage.character).toMatchObject({ count: sixty.length, limit: 100 });

    const over = await translate(app, { authorization: `Bearer ${SMALL}` }, sixty);
    expect(over.statusCode).toBe(429);
    // The truth: not "reached" while characters are left, but too few for this request.
    const sentence = `This key's monthly limit is 100 characters: ${sixty.length} used, ${100 - sixty.length} left, and this request needs ${sixty.length}`;
    expect(over.json()).toEqual({ code: 'QUOTA_EXCEEDED', detail: sentence });
    // DeepL's 456 with its words first (its clients show `message`), which deepl-node never retries.
    await expect(translator.translateText(sixty, 'en', 'fr')).rejects.toThrow(deepl.QuotaExceededError);
    const deeplOver = await app.inject({
      method: 'POST',
      url: '/v2/translate',
      headers: { authorization: `DeepL-Auth-Key ${SMALL}` },
      payload: { text: [sixty], target_lang: 'FR' },
    });
    expect(deeplOver.statusCode).toBe(456);
    expect(deeplOver.json()).toEqual({ message: `Quota exceeded. ${sentence}.` });
    // LibreTranslate's 403 (what it answers a key it will not serve), not a 429 its clients wait on and retry.
    const ltOver = await app.inject({
      method: 'POST',
      url: '/translate',
      payload: { q: sixty, source: 'en', target: 'fr', api_key: SMALL },
    });
    expect(ltOver.statusCode).toBe(403);
    expect(ltOver.json()).toEqual({ error: sentence });
    // A refused request costs nothing: the count is where it was.
    expect((await translator.getUsage()).character?.count).toBe(sixty.length);
  });

  it('gives the characters back when the request fails after its charge', async () => {
    const key = 'file-key-00003';
    const usage = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/v2/usage',
          headers: { authorization: `DeepL-Auth-Key ${key}` },
        })
      ).json<{
        character_count: number;
      }>().character_count;
    const before = await usage();
    // HTML with alternatives is refused only after the text has been charged and translated.
    const failed = await postJson(
      app,
      '/api/v1/translate',
      {
        text: '<p>Good morning.</p>',
        target_language: 'fr',
        source_language: 'en',
        format: 'html',
        alternatives: 2,
      },
      { authorization: `Bearer ${key}` },
    );
    expect(failed.statusCode).toBe(422);
    await expect.poll(usage).toBe(before);
    const done = await translate(app, { authorization: `Bearer ${key}` }, 'Good night.');
    expect(done.statusCode).toBe(200);
    await expect.poll(usage).toBe(before + 'Good night.'.length);
  });
});

describe('with API keys, documents whose translation fails after the upload was answered', () => {
  it('give their characters back: a DeepL job, a LibreTranslate file, a streamed document', async () => {
    const engine = await startSlowRemoteEngine('refuse');
    const server = await buildTestApp({
      SEMA_API_KEYS: OPEN,
      ...engine.settings,
    });
    try {
      const headers = { 'x-api-key': OPEN };
      const usage = async () =>
        (await server.inject({ method: 'GET', url: '/v2/usage', headers })).json<{
          character_count: number;
        }>().character_count;
      const upload = (url: string, fields: Record<string, string>) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('file', new Blob(['Good morning.\nThank you.\n'], { type: 'text/plain' }), 'notes.txt');
        const request = new Request('http://localhost', { method: 'POST', body: form });
        return request.arrayBuffer().then((body) =>
          server.inject({
            method: 'POST',
            url,
            headers: { ...headers, 'content-type': request.headers.get('content-type')! },
            payload: Buffer.from(body),
          }),
        );
      };

      // DeepL: the upload is answered with a handle, then the job fails.
      const job = await upload('/v2/document', { source_lang: 'EN', target_lang: 'FR' });
      expect(job.statusCode).toBe(200);
      const { document_id: id, document_key: key } = job.json<Record<string, string>>();
      const status = async () =>
        (
          await server.inject({
            method: 'POST',
            url: `/v2/document/${id}`,
            headers,
            payload: { document_key: key },
          })
        ).json<{ status: string; error_message?: string }>();
      await expect.poll(async () => (await status()).status).toBe('error');
      expect(await usage()).toBe(0);

      // LibreTranslate: the request waits for its job, which fails.
      const file = await upload('/translate_file', { source: 'en', target: 'fr' });
      expect(file.statusCode).toBeGreaterThanOrEqual(400);
      await expect.poll(usage).toBe(0);

      // Ours, streamed: 200 and progress, then an error event.
      const stream = await upload('/api/v1/translate/document?stream=1', {
        source_language: 'eng_Latn',
        target_language: 'fra_Latn',
      });
      expect(stream.statusCode).toBe(200);
      expect(stream.body).toMatch(/"type":"error"/);
      await expect.poll(usage).toBe(0);
      // The engine did see the work each time (it was charged, then given back).
      expect(engine.received()).toBeGreaterThanOrEqual(3);
    } finally {
      await server.close();
      await engine.close();
    }
  }, 60_000);
});

describe.skipIf(!REDIS_SERVER)('with API keys and REDIS_URL', () => {
  const redis = redisForSuite();
  const apps = appsOnRedis(redis, 4, { SEMA_API_KEYS: KEYS });

  it('spends one budget through every process', async () => {
    const [a, b] = apps as [App, App];
    const text = 'y'.repeat(30) + ' Good evening to you.';
    expect((await translate(a, { authorization: `Bearer ${SMALL}` }, text)).statusCode).toBe(200);
    const usage = await b.inject({
      method: 'GET',
      url: '/v2/usage',
      headers: { authorization: `DeepL-Auth-Key ${SMALL}` },
    });
    expect(usage.json()).toEqual({ character_count: text.length, character_limit: 100 });
    expect((await translate(b, { authorization: `Bearer ${SMALL}` }, text)).statusCode).toBe(429);
  });
});

describe('web session tokens', () => {
  it('end after an hour, and hold only under the secret that signed them', () => {
    const secret = 's'.repeat(32);
    const sessions = new WebSessions(secret, 1000);
    const { token } = sessions.issue('10.0.0.1', 0);
    expect(sessions.check(token, '10.0.0.1', 59 * 60_000)).toBe('valid');
    expect(sessions.check(token, '10.0.0.1', 61 * 60_000)).toBe('expired');
    expect(new WebSessions(secret, 1000).check(token, '10.0.0.1', 0)).toBe('valid');
    expect(new WebSessions(undefined, 1000).check(token, '10.0.0.1', 0)).toBe('invalid');
  });

  it("spend their address's monthly budget, however many tokens it asks for", async () => {
    const app = await buildTestApp({
      SEMA_API_KEYS: KEYS,
      SEMA_WEB_ACCESS: 'session',
      SEMA_WEB_MONTHLY_CHARS: '30',
    });
    try {
      const send = async () => {
        const { token } = (await app.inject({ method: 'POST', url: '/api/v1/session' })).json();
        return postJson(
          app,
          '/api/v1/translate',
          { text: 'Good morning, friend.', source_language: 'en', target_language: 'fr' },
          { [SESSION_HEADER]: token },
        );
      };
      expect((await send()).statusCode).toBe(200);
      const over = await send();
      expect(over.statusCode).toBe(429);
      expect(over.json().detail).toBe(
        "This address's monthly limit on this server's web app is 30 characters: 21 used, 9 left, and this request needs 21",
      );
    } finally {
      await app.close();
    }
  });

  it('are not given when keys are off, nor by default with keys on: the keyless allowance is a choice /status shows', async () => {
    const open = await buildTestApp({});
    const strict = await buildTestApp({ SEMA_API_KEYS: KEYS });
    const allowance = await buildTestApp({ SEMA_API_KEYS: KEYS, SEMA_WEB_ACCESS: 'session' });
    try {
      const webAccess = async (app: App) => (await app.inject({ url: '/api/v1/status' })).json().web_access;
      expect(await webAccess(open)).toEqual({ mode: 'open' });
      expect(await webAccess(strict)).toEqual({ mode: 'key' });
      expect(await webAccess(allowance)).toEqual({ mode: 'session', monthly_chars: 200_000 });
      // curl, from any origin, gets no token by default.
      const curl = await strict.inject({
        method: 'POST',
        url: '/api/v1/session',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(curl.json()).toMatchObject({ token: null, key_required: true });
      expect((await open.inject({ method: 'POST', url: '/api/v1/session' })).json()).toEqual({
        token: null,
        expires_at: null,
        key_required: false,
      });
      expect((await strict.inject({ method: 'POST', url: '/api/v1/session' })).json()).toMatchObject({
        token: null,
        key_required: true,
      });
      // A token from elsewhere is no way in either.
      const token = new WebSessions(undefined, 1000).issue('127.0.0.1').token;
      const refused = await translate(strict, { [SESSION_HEADER]: token });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('API_KEY_REQUIRED');
    } finally {
      await open.close();
      await strict.close();
      await allowance.close();
    }
  });
});
