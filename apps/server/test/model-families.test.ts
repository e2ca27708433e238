/**
 * The built-in engine serving a main model of another family, end to end: the real model process
 * on the tiny M2M-100 and OPUS-MT models, over real HTTP. Status tells the family and licence, the
 * language lists (ours, LibreTranslate's, DeepL's) show what the model serves, and a language it
 * does not serve is refused with a 422 naming it, on every surface.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_M2M100, TINY_OPUS_MT_EN_FR } from '../src/translation/testing/tiny-models.ts';
import { buildTestApp } from './build-test-app.ts';

async function serve(model: string) {
  const app = await buildTestApp({ SEMA_TRANSLATION_MODEL: model, SEMA_RATE_LIMIT: '1000/minute' });
  await app.translation.engine.whenReady();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const get = async (path: string) => (await fetch(`${base}${path}`)).json();
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const status = async () =>
    ((await get('/status')) as { engines: { translation: Record<string, unknown> } }).engines.translation;
  return { app, get, post, status };
}

/** A server on `model` for the tests of one describe block. */
function serving(model: string): () => Awaited<ReturnType<typeof serve>> {
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  beforeAll(async () => {
    server = await serve(model);
  }, 120_000);
  afterAll(() => server?.app.close());
  return () => server!;
}

describe('an M2M-100 main model', () => {
  const running = serving(TINY_M2M100);

  it('says on /status which family serves, from where, under which licence, and how many languages', async () => {
    const server = running();
    expect(await server.status()).toMatchObject({
      state: 'ready',
      model: 'tiny-m2m100',
      model_source: 'folder tiny-m2m100',
      model_family: 'm2m100',
      model_family_name: 'M2M-100',
      model_license: 'MIT',
      model_license_url: 'https://opensource.org/license/mit',
      languages: 98,
    });
  });

  it('lists exactly the languages it serves, on every surface', async () => {
    const server = running();
    const ours = (await server.get('/api/v1/languages')) as {
      languages: Record<string, unknown>;
      total_count: number;
    };
    expect(ours.total_count).toBe(98);
    expect(ours.languages).toHaveProperty('fra_Latn');
    expect(ours.languages).toHaveProperty('cmn_Hans');
    expect(ours.languages).not.toHaveProperty('ace_Arab');
    const libre = (await server.get('/languages')) as { code: string; targets: string[] }[];
    expect(libre).toHaveLength(98);
    expect(libre.find((language) => language.code === 'fr')!.targets).toHaveLength(98);
    const deepl = (await server.get('/v2/languages?type=target')) as { language: string }[];
    expect(deepl).toHaveLength(98);
    expect(deepl.map((language) => language.language)).toContain('FR');
  });

  it('translates a pair it serves, and refuses one it does not with a 422 naming the language', async () => {
    const server = running();
    const served = await server.post('/api/v1/translate', {
      text: 'Hello world.',
      source_language: 'eng_Latn',
      target_language: 'fra_Latn',
    });
    expect(served.status).toBe(200);
    expect(String(served.body.translated_text).length).toBeGreaterThan(0);
    const refused = await server.post('/api/v1/translate', {
      text: 'Hello world.',
      source_language: 'eng_Latn',
      target_language: 'ace_Arab',
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'UNSUPPORTED_LANGUAGE',
      detail: "This server's translation model (M2M-100, tiny-m2m100) does not translate into 'ace_Arab'",
    });
    const libre = await server.post('/translate', { q: 'Hello world.', source: 'ace', target: 'fr' });
    expect(libre.status).toBeGreaterThanOrEqual(400);
    expect(String(libre.body.error)).toMatch(/M2M-100.*does not translate from 'ace_/);
  });
});

describe('an OPUS-MT pair model as the main model', () => {
  const running = serving(TINY_OPUS_MT_EN_FR);

  it('serves its one pair under CC-BY 4.0, and refuses the other direction', async () => {
    const server = running();
    expect(await server.status()).toMatchObject({
      model_family: 'marian',
      model_license: 'CC-BY-4.0',
      languages: 2,
    });
    const libre = (await server.get('/languages')) as { code: string; targets: string[] }[];
    expect(libre).toEqual([
      { code: 'en', name: 'English', targets: ['fr'] },
      { code: 'fr', name: 'French', targets: [] },
    ]);
    const served = await server.post('/api/v1/translate', {
      text: 'Good morning.',
      source_language: 'eng_Latn',
      target_language: 'fra_Latn',
    });
    expect(served.status).toBe(200);
    const refused = await server.post('/api/v1/translate', {
      text: 'Bonjour.',
      source_language: 'fra_Latn',
      target_language: 'eng_Latn',
    });
    expect(refused.status).toBe(422);
  });
});
