/**
 * Routing by published quality under the licence setting (SEMA_MODEL_LICENCES), end to end: real
 * model processes on the tiny NLLB, M2M-100 and OPUS-MT models, over real HTTP. A tiny model stands
 * for a published release by the name of its folder (a symlink named `m2m100_418M` is looked up as
 * M2M-100 418M), which is how a real model is recognised too. Which model answered is read from
 * /status's per-model sentence counters.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PairQuality } from '@sema/shared/api/schemas';
import { TINY_M2M100, TINY_OPUS_MT_EN_FR } from '../src/translation/testing/tiny-models.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';
import { countedDuring, countedForTargets, servingModels, type ModelServer } from './model-server.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-quality-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** The tiny model at `fixture`, under a release's name. */
function named(name: string, fixture: string): string {
  const at = path.join(folder, name);
  if (!fs.existsSync(at)) fs.symlinkSync(fixture, at, 'dir');
  return at;
}

/** The tiny English→French OPUS-MT model as an English→Zulu one (an OPUS-MT model's name is its pair). */
function opusEnZu(): string {
  const at = path.join(folder, 'opus-mt-en-zu');
  if (!fs.existsSync(at)) {
    fs.cpSync(TINY_OPUS_MT_EN_FR, at, { recursive: true });
    const config = path.join(at, 'config.json');
    const json = JSON.parse(fs.readFileSync(config, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(config, JSON.stringify({ ...json, _name_or_path: 'Helsinki-NLP/opus-mt-en-zu' }));
  }
  return at;
}

const NLLB = named('nllb-200-distilled-600M', TINY_NLLB);
const M2M = named('m2m100_418M', TINY_M2M100);
const EN_ZU = opusEnZu();

const qualityOf = async (server: ModelServer, pair: string): Promise<PairQuality | undefined> =>
  (await server.status()).quality?.find((entry) => entry.pair === pair);

describe('any licence: NLLB-600M main, M2M-100 and OPUS-MT pair models', () => {
  const running = servingModels({
    SEMA_TRANSLATION_MODEL: NLLB,
    SEMA_PAIR_MODELS: `eng_Latn-som_Latn=${M2M}, eng_Latn-zul_Latn=${EN_ZU}, eng_Latn-fra_Latn=${TINY_OPUS_MT_EN_FR}`,
  });

  it('sends each pair to the better published model: NLLB for Somali, OPUS-MT for French', async () => {
    const server = running();
    expect(await countedForTargets(server, ['som_Latn', 'fra_Latn'])).toEqual({
      'nllb-200-distilled-600M': 1,
      m2m100_418M: 0,
      'opus-mt-en-zu': 0,
      'tiny-opus-mt-en-fr': 1,
    });
  });

  it('breaks the near tie on English → Zulu (50.2 against 49.0) for the faster OPUS-MT model', async () => {
    const server = running();
    expect(
      await countedDuring(server, () => server.translate('Good evening.', 'eng_Latn', 'zul_Latn')),
    ).toMatchObject({ 'nllb-200-distilled-600M': 0, 'opus-mt-en-zu': 1 });
    expect(await qualityOf(server, 'eng_Latn-zul_Latn')).toMatchObject({
      models: ['opus-mt-en-zu'],
      chrf: 50.2,
      quality: 'good',
      why: expect.stringMatching(/^near tie on published quality/),
    });
  });

  it('says on /status which model serves each pair, with the figure, the words and why', async () => {
    const status = await running().status();
    expect(status.model_licences).toBe('any');
    expect(status.quality?.find((entry) => entry.pair === 'eng_Latn-som_Latn')).toEqual({
      pair: 'eng_Latn-som_Latn',
      models: ['nllb-200-distilled-600M'],
      chrf: 40.6,
      quality: 'usable',
      words: 'usable: the gist comes through, with errors to check',
      why: 'higher published quality: chrF++ 8.4 for the pair model, 40.6 for the main model',
      best_published: { chrf: 41.7, model: 'NLLB-200 1.3B' },
    });
    const page = await (await fetch(`${running().base}/status`, { headers: { Accept: 'text/html' } })).text();
    expect(page).toContain('<h2>Expected quality</h2>');
    expect(page).toMatch(
      /eng_Latn → som_Latn<\/td><td[^>]*>nllb-200-distilled-600M<\/td><td[^>]*>40\.6<\/td><td[^>]*>usable: the gist comes through/,
    );
    // No warnings when any licence may serve.
    expect(running().app.translation.engine.status().quality_warnings).toBeUndefined();
  });
});

describe('commercial only: M2M-100 main, an NLLB pair model it may not use, OPUS-MT for Zulu', () => {
  const running = servingModels({
    SEMA_TRANSLATION_MODEL: M2M,
    SEMA_PAIR_MODELS: `eng_Latn-fra_Latn=${NLLB}, eng_Latn-zul_Latn=${EN_ZU}`,
    SEMA_MODEL_LICENCES: 'commercial',
  });

  it('never routes to the non-commercial model, and says why', async () => {
    const server = running();
    expect(await countedForTargets(server, ['fra_Latn', 'zul_Latn'])).toEqual({
      m2m100_418M: 1,
      'nllb-200-distilled-600M': 0,
      'opus-mt-en-zu': 1,
    });
    const status = await server.status();
    expect(status.models?.find((model) => model.model === 'nllb-200-distilled-600M')).toMatchObject({
      allowed: false,
      model_license: 'CC-BY-NC-4.0',
    });
    expect(await qualityOf(server, 'eng_Latn-fra_Latn')).toMatchObject({
      models: ['m2m100_418M'],
      chrf: 61.5,
      why: 'the main model: the licence setting forbids the pair model configured for this pair',
    });
  });

  it('warns the operator of pairs served far below the best commercial model', () => {
    const warnings = running().app.translation.engine.status().quality_warnings ?? [];
    expect(warnings).toContain(
      'eng_Latn → som_Latn is served by m2m100_418M at chrF++ 8.4 (poor); an OPUS-MT model (Tatoeba-MT-models/eng-mul/opus2m-2020-08-01) would serve it at 29.9 under CC-BY-4.0; NLLB-200 1.3B reaches 41.7 but is CC-BY-NC-4.0',
    );
    // English → Zulu goes to OPUS-MT, the best commercial figure: no warning.
    expect(warnings.some((warning) => warning.startsWith('eng_Latn → zul_Latn'))).toBe(false);
  });
});

describe('commercial only with an NLLB main model: only the allowed pair model translates', () => {
  const running = servingModels({
    SEMA_TRANSLATION_MODEL: NLLB,
    SEMA_PAIR_MODELS: `eng_Latn-zul_Latn=${EN_ZU}`,
    SEMA_MODEL_LICENCES: 'commercial',
  });

  it('serves the OPUS-MT pair and refuses the rest with a 422 that names the setting', async () => {
    const server = running();
    expect(await server.translate('Hello.', 'eng_Latn', 'zul_Latn')).not.toBe('');
    const refused = await server.attempt('Hello.', 'eng_Latn', 'fra_Latn');
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('SEMA_MODEL_LICENCES=commercial');
    const ours = await server.languages.ours();
    expect(Object.keys(ours.languages).sort()).toEqual(['eng_Latn', 'zul_Latn']);
  });
});

describe('the main model alone (the default server)', () => {
  const running = servingModels({ SEMA_TRANSLATION_MODEL: NLLB });

  it('keeps its own status and lists, and adds the quality of every tabled pair', async () => {
    const server = running();
    const status = await server.status();
    expect(status.models).toBeUndefined();
    expect(status.pivot).toBeUndefined();
    expect(status.model_licences).toBe('any');
    expect(await qualityOf(server, 'eng_Latn-wol_Latn')).toMatchObject({
      models: ['nllb-200-distilled-600M'],
      chrf: 20.4,
      quality: 'poor',
      why: 'the main model',
    });
    expect(status.quality).toHaveLength(38);
    expect((await server.languages.ours()).targets_of).toBeUndefined();
  });
});
