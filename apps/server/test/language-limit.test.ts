/**
 * SEMA_LANGUAGES, end to end on the tiny M2M-100 model (98 languages) over real HTTP: the lists on
 * every surface, /status and translation follow the limit, a pair model outside it is not loaded,
 * and a code the catalogue does not know stops the server at start.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/read.ts';
import { createDetector } from '../src/detection/detector.ts';
import { readSamples } from '../scripts/detector-training/data/read-samples.ts';
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

  it('reads a sentence the detector calls Kirundi as Kinyarwanda, the close relative the server serves', async () => {
    const server = running();
    const kirundi = heldOut('run_Latn');
    expect(server.app.detector.detect(kirundi)?.language).toBe('run_Latn');
    const answer = await server.post('/api/v1/translate', {
      text: kirundi,
      target_language: 'eng_Latn',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.source_language).toBe('kin_Latn');
    const libre = await server.post('/translate', { q: kirundi, source: 'auto', target: 'en' });
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

/**
 * A held-out FLORES sentence of a language (data/sib-held-out.tsv, from SIB-200's train and dev files)
 * that the whole catalogue's detector gets right.
 */
function heldOut(language: string): string {
  const sample = readSamples('sib-held-out.tsv').find(
    (candidate) => candidate.language === language && detector.detect(candidate.text)?.language === language,
  );
  if (!sample) throw new Error(`no held-out sentence of ${language} detected right`);
  return sample.text;
}
const detector = createDetector();

describe('SEMA_LANGUAGES and /detect-language', () => {
  const running = servingModels({ SEMA_LANGUAGES: 'eng_Latn, kin_Latn' });

  it('answers among the languages served, with alternatives the server reads', async () => {
    const server = running();
    const kirundi = heldOut('run_Latn');
    const answer = await server.post('/api/v1/detect-language', { text: kirundi });
    expect(answer.status).toBe(200);
    expect(answer.body.detected_language).toBe('kin_Latn');
    const alternatives = answer.body.alternatives as { language: string }[];
    for (const { language } of alternatives) expect(language).toBe('eng_Latn');
    const libre = await server.post('/detect', { q: kirundi });
    expect((libre.body as unknown as { language: string }[])[0]!.language).toBe('rw');
  });

  it('names a language clearly outside what it serves', async () => {
    const server = running();
    const answer = await server.post('/api/v1/detect-language', {
      text: '« Hola, ¿cómo estás? » Quiero un café & un té, por favor.',
    });
    expect(answer.body.detected_language).toBe('spa_Latn');
  });
});

describe('auto-detection on an M2M-100 model (its 98 languages)', () => {
  const running = servingModels({ SEMA_TRANSLATION_MODEL: TINY_M2M100 });
  const detect = async (text: string) =>
    (await running().post('/api/v1/detect-language', { text })).body.detected_language;

  it('reads Dari as Persian, Sicilian as Italian and Bhojpuri as Hindi: relatives it serves', async () => {
    const server = running();
    for (const [unserved, served] of [
      ['prs_Arab', 'pes_Arab'],
      ['scn_Latn', 'ita_Latn'],
      ['bho_Deva', 'hin_Deva'],
    ]) {
      const text = heldOut(unserved!);
      // The whole catalogue's answer is the unserved language; the server answers its served relative.
      expect(server.app.detector.detect(text)?.language).toBe(unserved);
      expect(await detect(text)).toBe(served);
      const translated = await server.post('/api/v1/translate', { text, target_language: 'eng_Latn' });
      expect(translated.status, JSON.stringify(translated.body)).toBe(200);
      expect(translated.body.source_language).toBe(served);
    }
  });

  it('names and refuses Kinyarwanda, which no language it serves is close to', async () => {
    const server = running();
    const text = heldOut('kin_Latn');
    expect(await detect(text)).toBe('kin_Latn');
    const refused = await server.post('/api/v1/translate', { text, target_language: 'eng_Latn' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'UNSUPPORTED_LANGUAGE' });
    expect(refused.body.detail).toMatch(/kin_Latn/);
  });
});
