/**
 * SEMA_LANGUAGES, end to end on the tiny M2M-100 model (98 languages) over real HTTP: the lists on
 * every surface, /status and translation follow the limit, a pair model outside it is not loaded,
 * and a code the catalogue does not know stops the server at start.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/read.ts';
import {
  TINY_M2M100,
  TINY_OPUS_MT_DE_EN,
  TINY_OPUS_MT_EN_FR,
} from '../src/translation/testing/tiny-models.ts';
import { servingModels } from './model-server.ts';

describe('SEMA_LANGUAGES on an M2M-100 server', () => {
  const running = servingModels({
    SEMA_TRANSLATION_MODEL: TINY_M2M100,
    // Tags and catalogue codes alike; German is served by the model but left out.
    SEMA_LANGUAGES: 'eng_Latn, fr, swh_Latn',
    SEMA_PAIR_MODELS: `en-fr=${TINY_OPUS_MT_EN_FR}, de-en=${TINY_OPUS_MT_DE_EN}`,
  });

  it('lists only those languages, on every surface', async () => {
    const server = running();
    const ours = (await server.get('/api/v1/languages')) as {
      languages: Record<string, unknown>;
      total_count: number;
    };
    expect(Object.keys(ours.languages).sort()).toEqual(['eng_Latn', 'fra_Latn', 'swh_Latn']);
    expect(ours.total_count).toBe(3);
    const popular = (await server.get('/api/v1/languages/popular')) as { languages: Record<string, unknown> };
    expect(
      Object.keys(popular.languages).every((code) => ['eng_Latn', 'fra_Latn', 'swh_Latn'].includes(code)),
    ).toBe(true);
    const search = (await server.get('/api/v1/languages/search?q=germ')) as { total_count: number };
    expect(search.total_count).toBe(0);
    const libre = (await server.get('/languages')) as { code: string }[];
    expect(libre.map((language) => language.code).sort()).toEqual(['en', 'fr', 'sw']);
    const deepl = (await server.get('/v2/languages?type=source')) as { language: string }[];
    expect(deepl.map((language) => language.language)).not.toContain('DE');
  });

  it('counts them on /status, and loads no pair model outside them', async () => {
    const server = running();
    const status = await server.status();
    expect(status.languages).toBe(3);
    // en-fr is inside the limit, de-en is not: only the first is loaded beside the main model.
    expect(status.models?.map((model) => model.pairs ?? [])).toEqual([[], ['eng_Latn-fra_Latn']]);
  });

  it('translates inside the limit, and refuses a language the model has but the operator left out', async () => {
    const server = running();
    expect(await server.translate('Hello world.', 'eng_Latn', 'swh_Latn')).not.toBe('');
    const refused = await server.attempt('Hello world.', 'eng_Latn', 'deu_Latn');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'UNSUPPORTED_LANGUAGE' });
    expect(refused.body.detail).toMatch(/does not translate into 'deu_Latn'.*SEMA_LANGUAGES/);
    const fromGerman = await server.post('/translate', { q: 'Hallo.', source: 'de', target: 'en' });
    expect(fromGerman.status).toBe(400);
    expect(String(fromGerman.body.error)).toMatch(/SEMA_LANGUAGES/);
  });
});

describe('SEMA_LANGUAGES and auto-detection', () => {
  const running = servingModels({ SEMA_LANGUAGES: 'eng_Latn, kin_Latn' });

  it('reads a greeting the detector calls Kirundi as Kinyarwanda, the close relative the server serves', async () => {
    const server = running();
    expect(server.app.detector.detect('Muraho neza')?.language).toBe('run_Latn');
    const answer = await server.post('/api/v1/translate', {
      text: 'Muraho neza',
      target_language: 'eng_Latn',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.source_language).toBe('kin_Latn');
    const libre = await server.post('/translate', { q: 'Muraho neza', source: 'auto', target: 'en' });
    expect(libre.body.detectedLanguage).toMatchObject({ language: 'rw' });
  });

  it('still calls a language with no served relative by its name, and refuses it', async () => {
    const server = running();
    const refused = await server.post('/api/v1/translate', {
      text: '« Hola, ¿cómo estás? » Quiero un café & un té, por favor.',
      target_language: 'eng_Latn',
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'UNSUPPORTED_LANGUAGE' });
    expect(refused.body.detail).toMatch(/spa_Latn/);
  });
});

describe('SEMA_LANGUAGES at start', () => {
  it('refuses a code the catalogue does not know, and a single language, naming the setting', () => {
    expect(() => loadConfig({ SEMA_LANGUAGES: 'eng_Latn,klingon' })).toThrow(
      /SEMA_LANGUAGES: 'klingon' is not a language Sema offers/,
    );
    expect(() => loadConfig({ SEMA_LANGUAGES: 'en, eng_Latn' })).toThrow(/SEMA_LANGUAGES names one language/);
    expect(loadConfig({ SEMA_LANGUAGES: 'en,sw' }).translation.languages).toEqual(['eng_Latn', 'swh_Latn']);
    expect(loadConfig({}).translation.languages).toEqual([]);
  });
});
