/**
 * The built-in engine serving a main model of another family, end to end: the real model process
 * on the tiny M2M-100 and OPUS-MT models, over real HTTP. Status tells the family and licence, the
 * language lists (ours, LibreTranslate's, DeepL's) show what the model serves, and a language it
 * does not serve is refused with a 422 naming it, on every surface.
 */
import { describe, expect, it } from 'vitest';
import type { StatusResponse } from '@sema/shared/api/schemas';
import { TINY_M2M100, TINY_OPUS_MT_EN_FR } from '../src/translation/testing/tiny-models.ts';
import { FULL_CATALOGUE, listVersion } from '../src/translation/served-languages.ts';
import { servingModels } from './model-server.ts';

const serving = (model: string) => servingModels({ SEMA_TRANSLATION_MODEL: model });

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
    const ours = await server.languages.ours();
    expect(ours.total_count).toBe(98);
    // A web app that kept NLLB's list sees from /status that this one is another.
    expect(ours.version).toBe(((await server.get('/status')) as StatusResponse).languages_version);
    expect(ours.version).not.toBe(listVersion(FULL_CATALOGUE));
    expect(ours.languages).toHaveProperty('fra_Latn');
    expect(ours.languages).toHaveProperty('cmn_Hans');
    expect(ours.languages).not.toHaveProperty('ace_Arab');
    const libre = await server.languages.libre();
    // The 98 languages, five of them also under LibreTranslate's older codes (zh, pb, pt-BR, no, fil).
    expect(libre).toHaveLength(103);
    expect(libre.map((language) => language.code)).not.toContain('zt');
    expect(libre.find((language) => language.code === 'fr')!.targets).toHaveLength(103);
    const deepl = await server.languages.deepl('target');
    // As DeepL lists targets: EN-GB and EN-US for EN, PT-BR and PT-PT for PT, ES and ES-419, ZH and ZH-HANS.
    expect(deepl).toHaveLength(102);
    expect(deepl.map((language) => language.language)).toEqual(
      expect.arrayContaining(['FR', 'EN-GB', 'EN-US', 'PT-BR', 'PT-PT', 'ES-419', 'ZH']),
    );
  });

  it('translates a pair it serves, and refuses one it does not with a 422 naming the language', async () => {
    const server = running();
    const served = await server.attempt('Hello world.', 'eng_Latn', 'fra_Latn');
    expect(served.status).toBe(200);
    expect(String(served.body.translated_text).length).toBeGreaterThan(0);
    const refused = await server.attempt('Hello world.', 'eng_Latn', 'ace_Arab');
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
    const libre = await server.languages.libre();
    expect(libre).toEqual([
      { code: 'en', name: 'English', targets: ['fr'] },
      { code: 'fr', name: 'French', targets: [] },
    ]);
    const served = await server.attempt('Good morning.', 'eng_Latn', 'fra_Latn');
    expect(served.status).toBe(200);
    const refused = await server.attempt('Bonjour.', 'fra_Latn', 'eng_Latn');
    expect(refused.status).toBe(422);
  });

  it('offers no language it would refuse in the popular, region and search lists', async () => {
    const server = running();
    const codes = async (url: string) =>
      Object.keys(((await server.get(url)) as { languages: Record<string, unknown> }).languages).sort();
    expect(await codes('/api/v1/languages/popular')).toEqual(['eng_Latn', 'fra_Latn']);
    expect(await codes('/api/v1/languages/region/africa')).toEqual(['eng_Latn', 'fra_Latn']);
    expect(await codes('/api/v1/languages/search?q=swa')).toEqual([]);
    expect(await codes('/api/v1/languages/search?q=fre')).toEqual(['fra_Latn']);
  });
});
