/**
 * One meter for every surface: a key (or a web session's address budget) that cannot pay for a
 * request is refused before any work, on Sema's API, LibreTranslate, DeepL, each document route and
 * the web app's session — the translation engine never hears of it and the count stays where it
 * was. (Chat's surfaces, OpenAI's included, are proven the same in chat-budget.test.ts.) The engine
 * here is another "server" that counts what reaches it, so "no work" is a number, not a guess.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SESSION_HEADER } from '@sema/shared/api/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, postJson } from './build-test-app.ts';
import { startSlowRemoteEngine } from './slow-remote-engine.ts';

const POOR = 'poor-key-000001'; // 5 characters a month: every request here needs more
const TEXT = 'Good morning, friend.';

let app: App;
let engine: Awaited<ReturnType<typeof startSlowRemoteEngine>>;

beforeAll(async () => {
  engine = await startSlowRemoteEngine('hold');
  app = await buildTestApp({
    SEMA_API_KEYS: `${POOR}:5`,
    SEMA_WEB_ACCESS: 'session',
    SEMA_WEB_MONTHLY_CHARS: '5',
    ...engine.settings,
  });
}, 60_000);
afterAll(async () => {
  await engine?.close();
  await app?.close();
});

const headers = { 'x-api-key': POOR };
const usage = async () =>
  (await app.inject({ url: '/v2/usage', headers })).json<{ character_count: number }>().character_count;

/** A multipart upload of a small text file with `fields`, as the key's client sends it. */
async function upload(url: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([`${TEXT}\nThank you.\n`], { type: 'text/plain' }), 'notes.txt');
  const request = new Request('http://localhost', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('a key that cannot pay for a request', () => {
  // Each surface's refusal in its own protocol's shape; which status each protocol gives is the
  // compatibility routes' business (api-keys.test.ts, chat-budget.test.ts).
  const surfaces: [string, () => Promise<{ statusCode: number; body: string }>][] = [
    [
      'Sema /api/v1/translate',
      () => postJson(app, '/api/v1/translate', { text: TEXT, target_language: 'fr' }, headers),
    ],
    [
      'Sema /api/v1/translate/batch',
      () => postJson(app, '/api/v1/translate/batch', { texts: [TEXT], target_language: 'fr' }, headers),
    ],
    [
      'LibreTranslate /translate',
      () => postJson(app, '/translate', { q: TEXT, source: 'en', target: 'fr' }, headers),
    ],
    [
      'DeepL /v2/translate',
      () => postJson(app, '/v2/translate', { text: [TEXT], target_lang: 'FR' }, headers),
    ],
    [
      'Sema /api/v1/translate/document',
      () =>
        upload('/api/v1/translate/document', { source_language: 'eng_Latn', target_language: 'fra_Latn' }),
    ],
    [
      'Sema /api/v1/translate/document, streamed',
      () =>
        upload('/api/v1/translate/document?stream=1', {
          source_language: 'eng_Latn',
          target_language: 'fra_Latn',
        }),
    ],
    ['LibreTranslate /translate_file', () => upload('/translate_file', { source: 'en', target: 'fr' })],
    ['DeepL /v2/document', () => upload('/v2/document', { source_lang: 'EN', target_lang: 'FR' })],
  ];

  it.each(surfaces)('is refused on %s before any work, and charged nothing', async (_name, send) => {
    const before = await usage();
    const response = await send();
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).toMatch(/limit|quota/i);
    expect(engine.received()).toBe(0);
    expect(await usage()).toBe(before);
  });
});

describe("the web app's session", () => {
  it("is refused before any work once its address's budget cannot pay", async () => {
    const fresh = await buildTestApp({
      SEMA_API_KEYS: `${POOR}:5`,
      SEMA_WEB_ACCESS: 'session',
      SEMA_WEB_MONTHLY_CHARS: '5',
      ...engine.settings,
    });
    try {
      const seen = engine.received();
      const { token } = (await fresh.inject({ method: 'POST', url: '/api/v1/session' })).json();
      const response = await postJson(
        fresh,
        '/api/v1/translate',
        { text: TEXT, source_language: 'en', target_language: 'fr' },
        { [SESSION_HEADER]: token },
      );
      expect(response.statusCode).toBe(429);
      expect(response.json().detail).toMatch(
        /^This address's monthly limit on this server's web app is 5 characters: 0 used, 5 left, and this request needs \d+/,
      );
      expect(engine.received()).toBe(seen);
    } finally {
      await fresh.close();
    }
  });
});

describe('the control', () => {
  it('a text the key can pay for reaches the engine, admitted before the work', async () => {
    // Without it, an engine that is never reached would prove nothing above.
    const answer = postJson(
      app,
      '/api/v1/translate',
      { text: 'Hi.', source_language: 'en', target_language: 'fr' },
      headers,
    );
    await engine.calls(1);
    expect(await usage()).toBe('Hi.'.length);
    // The engine holds it: closing the engine fails the translation, which gives the characters back.
    await engine.close();
    expect((await answer).statusCode).toBeGreaterThanOrEqual(500);
    await expect.poll(usage).toBe(0);
  });
});

describe('the routes', () => {
  it("never charge: they hand the request's meter to a use case, which admits, spends and refunds", () => {
    // The layer rules see imports, not calls: this reads every route for a call that counts.
    const routes = path.join(import.meta.dirname, '../src/routes');
    const files = fs
      .readdirSync(routes, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(20);
    const charging = files.filter((file) =>
      /\.(admit|spend|refund|handOver|charge|refundCharge)\(|\bcounter\.(charge|record|refund)\(/.test(
        fs.readFileSync(path.join(routes, file), 'utf8'),
      ),
    );
    expect(charging).toEqual([]);
  });
});
