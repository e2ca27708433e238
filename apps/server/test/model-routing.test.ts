/**
 * A server with pair models beside its main model (SEMA_PAIR_MODELS, SEMA_PIVOT), end to end: real
 * model processes on the tiny M2M-100 and OPUS-MT models, over real HTTP. Which model answered is
 * read from /status's per-model sentence counters: the pair goes to its pair model on every API
 * surface (ours, LibreTranslate's, DeepL's, a document), everything else to the main model, and a
 * pivot through English to both pair models in turn.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModelStatus } from '@sema/shared/api/schemas';
import {
  TINY_M2M100,
  TINY_OPUS_MT_DE_EN,
  TINY_OPUS_MT_EN_FR,
} from '../src/translation/testing/tiny-models.ts';
import { waitFor } from '@sema/testkit/wait-for';
import { REDIS_SERVER } from '@sema/testkit/redis';
import {
  countedDuring,
  countedForTargets,
  serveModels,
  servingModels,
  type ModelServer,
} from './model-server.ts';
import { redisForSuite } from './redis-suite.ts';

/** The routed server's models on /status. */
const modelsOf = async (server: ModelServer): Promise<ModelStatus[]> => (await server.status()).models ?? [];

const serving = servingModels;

const MAIN = 'tiny-m2m100';
const EN_FR = 'tiny-opus-mt-en-fr';
const DE_EN = 'tiny-opus-mt-de-en';

describe('M2M-100 main model with OPUS-MT pair models, pivot on', () => {
  const running = serving({
    SEMA_TRANSLATION_MODEL: TINY_M2M100,
    SEMA_PAIR_MODELS: `eng_Latn-fra_Latn=${TINY_OPUS_MT_EN_FR}, de-en=${TINY_OPUS_MT_DE_EN}`,
    SEMA_PIVOT: 'on',
  });

  it('lists every model on /status: family, source, state, pairs and licence', async () => {
    const status = await running().status();
    expect(status).toMatchObject({ state: 'ready', model: MAIN, model_family: 'm2m100', pivot: true });
    expect(status.models).toEqual([
      expect.objectContaining({
        role: 'main',
        model: MAIN,
        model_source: `folder ${MAIN}`,
        model_family: 'm2m100',
        model_license: 'MIT',
        state: 'ready',
      }),
      expect.objectContaining({
        role: 'pair',
        pairs: ['eng_Latn-fra_Latn'],
        model: EN_FR,
        model_family: 'marian',
        model_license: 'CC-BY-4.0',
        model_license_terms: 'any use, with attribution',
        languages: 2,
        state: 'ready',
      }),
      expect.objectContaining({
        role: 'pair',
        pairs: ['deu_Latn-eng_Latn'],
        model: DE_EN,
        model_license: 'CC-BY-4.0',
      }),
    ]);
  });

  it('tells on the /status page which model serves which pairs under which licence', async () => {
    const page = await (await fetch(`${running().base}/status`, { headers: { Accept: 'text/html' } })).text();
    expect(page).toContain('<h2>Translation models</h2>');
    expect(page).toMatch(/tiny-m2m100 \(M2M-100\)<\/td><td[^>]*>every other pair<\/td>.*MIT \(any use\)/);
    expect(page).toMatch(
      /tiny-opus-mt-en-fr \(OPUS-MT\)<\/td><td[^>]*>eng_Latn → fra_Latn<\/td>.*CC-BY-4.0 \(any use, with attribution\)/,
    );
    expect(page).toContain('go through English');
  });

  it('sends the configured pair to its pair model, and every other pair to the main model', async () => {
    const server = running();
    expect(await countedForTargets(server, ['fra_Latn'])).toEqual({
      [MAIN]: 0,
      [EN_FR]: 1,
      [DE_EN]: 0,
    });
    // The reverse direction and a pair sharing a language are the main model's.
    expect(
      await countedDuring(server, async () => {
        await server.translate('Bonjour le monde.', 'fra_Latn', 'eng_Latn');
        await server.translate('Good evening.', 'eng_Latn', 'spa_Latn');
      }),
    ).toEqual({ [MAIN]: 2, [EN_FR]: 0, [DE_EN]: 0 });
  });

  it('pivots a pair with pair models for both legs through English', async () => {
    const server = running();
    const text = 'Guten Abend, meine Freunde.';
    let pivoted = '';
    expect(
      await countedDuring(server, async () => {
        pivoted = await server.translate(text, 'deu_Latn', 'fra_Latn');
      }),
    ).toEqual({ [MAIN]: 0, [EN_FR]: 1, [DE_EN]: 1 });
    // The same as the two legs asked for one after the other (answered from the cache now).
    const english = await server.translate(text, 'deu_Latn', 'eng_Latn');
    expect(await server.translate(english, 'eng_Latn', 'fra_Latn')).toBe(pivoted);
  });

  it('keys the cache by the model that translates the pair', () => {
    const engine = running().app.translation.engine;
    const toFrench = engine.modelFor!('eng_Latn', 'fra_Latn');
    expect(toFrench).toMatch(/^nllb:tiny-opus-mt-en-fr@/);
    expect(engine.modelFor!('eng_Latn', 'spa_Latn')).toMatch(/^nllb:tiny-m2m100@/);
    expect(engine.modelFor!('deu_Latn', 'fra_Latn')).toMatch(
      /^nllb:tiny-opus-mt-de-en@.*>nllb:tiny-opus-mt-en-fr@/,
    );
  });

  it('serves the pair model through LibreTranslate, DeepL and a document', async () => {
    const server = running();
    const text = 'The weather is lovely today.';
    const direct = await server.translate(text, 'eng_Latn', 'fra_Latn');
    const counted = await countedDuring(server, async () => {
      const libre = await server.post('/translate', {
        q: 'Thank you very much.',
        source: 'en',
        target: 'fr',
      });
      expect(libre.status).toBe(200);
      const deepl = await server.post('/v2/translate', {
        text: ['See you soon.'],
        source_lang: 'EN',
        target_lang: 'FR',
      });
      expect(deepl.status, JSON.stringify(deepl.body)).toBe(200);
      const form = new FormData();
      form.append('file', new Blob([`${text}\nA new line here.\n`], { type: 'text/plain' }), 'notes.txt');
      form.append('source', 'en');
      form.append('target', 'fr');
      const upload = await server.post('/translate_file', form);
      expect(upload.status).toBe(200);
      const file = await fetch(String(upload.body.translatedFileUrl));
      expect((await file.text()).split('\n')[0]).toBe(direct);
    });
    // Three new sentences (the document's first line was cached); none went to the main model.
    expect(counted).toEqual({ [MAIN]: 0, [EN_FR]: 3, [DE_EN]: 0 });
  });

  it("lists the main model's languages, each into every other, with the pair models' pairs among them", async () => {
    const server = running();
    const ours = await server.languages.ours();
    // The main model serves every pair of its 98 languages, so every language goes into every
    // other: no per-source lists to send.
    expect(ours.total_count).toBe(98);
    expect(ours.targets_of).toBeUndefined();
    const libre = await server.languages.libre();
    expect(libre.find((language) => language.code === 'de')!.targets).toContain('fr');
    const deepl = await server.languages.deepl('source');
    expect(deepl).toHaveLength(98);
  });
});

describe('a one-pair main model with a pair model: per-pair routing', () => {
  const running = serving({
    SEMA_TRANSLATION_MODEL: TINY_OPUS_MT_DE_EN,
    SEMA_PAIR_MODELS: `en-fr=${TINY_OPUS_MT_EN_FR}`,
  });

  it('lists exactly the two pairs, and refuses the pair between them with a 422 naming it', async () => {
    const server = running();
    const ours = await server.languages.ours();
    expect(Object.keys(ours.languages).sort()).toEqual(['deu_Latn', 'eng_Latn', 'fra_Latn']);
    expect(ours.targets_of).toEqual({ deu_Latn: ['eng_Latn'], eng_Latn: ['fra_Latn'], fra_Latn: [] });
    const libre = await server.languages.libre();
    expect(libre).toEqual([
      { code: 'de', name: 'German', targets: ['en'] },
      { code: 'en', name: 'English', targets: ['fr'] },
      { code: 'fr', name: 'French', targets: [] },
    ]);
    const deeplTargets = await server.languages.deepl('target');
    // English by variant, as DeepL lists it.
    expect(deeplTargets.map((language) => language.language).sort()).toEqual(['EN-GB', 'EN-US', 'FR']);
    // German is read and French written, but nothing translates the one into the other.
    const refused = await server.attempt('Guten Tag.', 'deu_Latn', 'fra_Latn');
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('No model on this server translates deu_Latn into fra_Latn');
    expect(await server.translate('Guten Tag.', 'deu_Latn', 'eng_Latn')).not.toBe('');
  });
});

describe('a pair model that does not serve its configured pair', () => {
  const running = serving({
    SEMA_TRANSLATION_MODEL: TINY_OPUS_MT_DE_EN,
    // M2M-100 has no Acehnese: a name cannot tell that before the model loads, its tokens do.
    SEMA_PAIR_MODELS: `eng_Latn-ace_Arab=${TINY_M2M100}`,
  });

  it('is in error on /status, saying why, and its pair answers 503 with the same reason', async () => {
    const server = running();
    const status = await server.status();
    expect(status.state).toBe('error');
    const pairModel = (await modelsOf(server)).find((model) => model.role === 'pair')!;
    expect(pairModel).toMatchObject({ state: 'error', model: MAIN, pairs: ['eng_Latn-ace_Arab'] });
    expect(pairModel.detail).toMatch(/not eng_Latn→ace_Arab as SEMA_PAIR_MODELS says/);
    const refused = await server.attempt('Hello.', 'eng_Latn', 'ace_Arab');
    expect(refused.status).toBe(503);
    expect(String(refused.body.detail)).toMatch(
      /the pair model tiny-m2m100 translates .* not eng_Latn→ace_Arab/,
    );
    // The main model's pair still works.
    expect(await server.translate('Guten Tag.', 'deu_Latn', 'eng_Latn')).not.toBe('');
  });
});

describe('a pair model that cannot be had (offline, not in the cache)', () => {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-routing-cache-'));
  afterAll(() => fs.rmSync(cache, { recursive: true, force: true }));
  const running = serving({
    SEMA_TRANSLATION_MODEL: TINY_M2M100,
    SEMA_PAIR_MODELS: 'en-fr=Xenova/opus-mt-en-fr',
    // Nothing listens there: the download fails at once, as on a server without network.
    SEMA_HUB_URL: 'http://127.0.0.1:9',
    SEMA_MODEL_CACHE: cache,
  });

  it('fails its own pair with 503 and the reason, while the main model serves every other pair', async () => {
    const server = running();
    const pairModel = (await modelsOf(server)).find((model) => model.role === 'pair')!;
    expect(pairModel).toMatchObject({ state: 'error', pairs: ['eng_Latn-fra_Latn'] });
    expect((await server.status()).state).toBe('error');
    const refused = await server.attempt('Good morning.', 'eng_Latn', 'fra_Latn');
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toMatch(
      /cannot download Xenova\/opus-mt-en-fr .* set SEMA_PAIR_MODELS to its folder$/,
    );
    expect(await server.translate('Good morning.', 'eng_Latn', 'spa_Latn')).not.toBe('');
  });
});

describe.skipIf(!REDIS_SERVER)('the shared cache (Redis) with pair models', () => {
  const redis = redisForSuite();

  it("is keyed by the model that translated: a server that adds a pair model does not read the main model's entries for that pair", async () => {
    const shared = { SEMA_TRANSLATION_MODEL: TINY_M2M100 };
    const plain = await serveModels({ ...shared, REDIS_URL: redis.url });
    const routed = await serveModels({
      ...shared,
      REDIS_URL: redis.url,
      SEMA_PAIR_MODELS: `en-fr=${TINY_OPUS_MT_EN_FR}`,
    });
    try {
      const byMain = await plain.translate('Good night.', 'eng_Latn', 'fra_Latn');
      const spanish = await plain.translate('Good night.', 'eng_Latn', 'spa_Latn');
      await waitFor(async () => (await plain.app.redis.client!.dbsize()) >= 2, { what: 'two keys in Redis' });
      let byPair = '';
      // English→Spanish is still the main model's: read from Redis. English→French is the pair
      // model's now: translated by it, never the main model's cached answer.
      expect(
        await countedDuring(routed, async () => {
          expect(await routed.translate('Good night.', 'eng_Latn', 'spa_Latn')).toBe(spanish);
          byPair = await routed.translate('Good night.', 'eng_Latn', 'fra_Latn');
        }),
      ).toEqual({ [MAIN]: 0, [EN_FR]: 1 });
      expect(byPair).not.toBe(byMain);
    } finally {
      await Promise.all([plain.app.close(), routed.app.close()]);
    }
  }, 120_000);
});
