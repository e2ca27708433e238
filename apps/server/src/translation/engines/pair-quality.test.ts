import { describe, expect, it } from 'vitest';
import { commercialWarnings, modelQuality, pairQualities, routable, shownName } from './pair-quality.ts';
import { pairKey, type RouteTableInput } from './route-table.ts';

const both = (codes: string[]) => ({ sources: codes, targets: codes });
const AFRICAN = ['eng_Latn', 'som_Latn', 'lug_Latn', 'swh_Latn', 'fra_Latn'];

describe('modelQuality', () => {
  it('reads the release, the licence and whether the setting allows it', () => {
    const nllb = {
      state: 'ready' as const,
      model: 'Xenova/nllb-200-distilled-600M',
      model_license: 'CC-BY-NC-4.0',
    };
    expect(modelQuality(nllb, 'any')).toMatchObject({
      release: 'nllb-200-distilled-600M',
      allowed: true,
      speed: 1,
    });
    expect(modelQuality(nllb, 'commercial').allowed).toBe(false);
    // Before it has loaded, the table's release tells the licence.
    expect(modelQuality({ state: 'loading', model: 'm2m100_418M' }, 'commercial')).toMatchObject({
      licence: 'MIT',
      allowed: true,
    });
    // Unknown licence: not commercially usable until known.
    expect(modelQuality({ state: 'loading', model: 'my-model' }, 'commercial').allowed).toBe(false);
  });

  it('never shows a folder path, only its name', () => {
    expect(shownName({ state: 'ready', model: '/srv/models/m2m100_418M' })).toBe('m2m100_418M');
    expect(shownName({ state: 'ready', model: 'Xenova/m2m100_418M' })).toBe('Xenova/m2m100_418M');
  });
});

describe('pairQualities and commercialWarnings', () => {
  /** A commercial server: M2M-100 418M for everything, OPUS-MT for English → Luganda. */
  const m2m = modelQuality({ state: 'ready', model: 'm2m100_418M', model_license: 'MIT' }, 'commercial');
  const opus = modelQuality(
    { state: 'ready', model: 'opus-mt-en-lg', model_license: 'CC-BY-4.0', model_family: 'marian' },
    'commercial',
  );
  const facts = { main: m2m, 'en-lg': opus } as const;
  const table: RouteTableInput<keyof typeof facts> = {
    main: routable('main', both(AFRICAN), m2m),
    pairs: new Map([
      [pairKey('eng_Latn', 'lug_Latn'), routable('en-lg', both(['eng_Latn', 'lug_Latn']), opus)],
    ]),
    pivot: false,
  };
  const entries = pairQualities(table, (model) => facts[model]);

  it('tells every served direction of the table: model, figure, words and why', () => {
    expect(entries.find((entry) => entry.pair === 'eng_Latn-lug_Latn')).toEqual({
      pair: 'eng_Latn-lug_Latn',
      models: ['opus-mt-en-lg'],
      chrf: 35.9,
      chrf_basis: 'best published OPUS-MT release',
      quality: 'rough',
      words: 'rough: often only the topic and key words',
      why: 'higher published quality: chrF++ 35.9 for the pair model, 7.0 for the main model',
      best_published: { chrf: 36.5, model: 'NLLB-200 3.3B' },
    });
    expect(entries.find((entry) => entry.pair === 'eng_Latn-som_Latn')).toMatchObject({
      models: ['m2m100_418M'],
      chrf: 8.4,
      quality: 'poor',
      why: 'the main model',
    });
    // English → Swahili has no M2M-100 figure in the table.
    expect(entries.find((entry) => entry.pair === 'eng_Latn-swh_Latn')).toMatchObject({
      quality: 'unknown',
      words: 'no published figure',
    });
    // Directions the server does not serve are left out.
    expect(entries.some((entry) => entry.pair.includes('wol_Latn'))).toBe(false);
  });

  it('warns of a pair served far below the best commercial model, naming what would do better', () => {
    const warnings = commercialWarnings(entries);
    expect(warnings).toContain(
      'eng_Latn → som_Latn is served by m2m100_418M at chrF++ 8.4 (poor); an OPUS-MT model (Tatoeba-MT-models/eng-mul/opus2m-2020-08-01) would serve it at 29.9 under CC-BY-4.0; NLLB-200 1.3B reaches 41.7 but is CC-BY-NC-4.0',
    );
    // Luganda is served by the best commercial option: no warning; nor for a pair within 10 points.
    expect(warnings.some((warning) => warning.startsWith('eng_Latn → lug_Latn'))).toBe(false);
    expect(warnings.some((warning) => warning.startsWith('eng_Latn → fra_Latn'))).toBe(false);
  });
});
