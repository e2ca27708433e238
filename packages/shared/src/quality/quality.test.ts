import { describe, expect, it } from 'vitest';
import {
  QUALITY,
  bandOf,
  bestPublished,
  isCommercialLicence,
  publishedChrf,
  releaseOfModel,
} from './quality.ts';

describe('the published quality table', () => {
  it('holds the leaderboards\u2019 figures (English \u2192 Somali, as issue 51 quotes them)', () => {
    expect(QUALITY.directions['eng_Latn>som_Latn']).toMatchObject({
      'nllb-200-distilled-600M': 40.6,
      'nllb-200-distilled-1.3B': 41.6,
      m2m100_418M: 8.4,
      'm2m100_1.2B': 15.8,
      'opus-mt': 29.9,
    });
    expect(QUALITY.opusReleases['eng_Latn>lug_Latn']).toBe('Tatoeba-MT-models/eng-bnt/opus1m+bt-2021-04-13');
  });

  it('records where every figure comes from', () => {
    expect(QUALITY.sources.map((source) => source.repository)).toEqual([
      'https://github.com/Helsinki-NLP/External-MT-leaderboard',
      'https://github.com/Helsinki-NLP/OPUS-MT-leaderboard',
    ]);
    for (const source of QUALITY.sources) expect(source.commits.length).toBeGreaterThan(0);
    for (const figures of Object.values(QUALITY.directions)) {
      for (const [release, chrf] of Object.entries(figures)) {
        expect(QUALITY.releases[release], release).toBeDefined();
        expect(chrf).toBeGreaterThan(0);
        expect(chrf).toBeLessThan(100);
      }
    }
  });
});

describe('bands', () => {
  it('puts each figure in its band, edges included', () => {
    expect([50, 49.9, 40, 39.9, 30, 29.9, 0].map(bandOf)).toEqual([
      'good',
      'usable',
      'usable',
      'rough',
      'rough',
      'poor',
      'poor',
    ]);
  });
});

describe('releaseOfModel', () => {
  it('tells the release from a hub id or a folder, and an OPUS-MT model by name or family', () => {
    expect(releaseOfModel('Xenova/nllb-200-distilled-600M')).toBe('nllb-200-distilled-600M');
    expect(releaseOfModel('/srv/models/m2m100_418M')).toBe('m2m100_418M');
    expect(releaseOfModel('Xenova/m2m100_1.2B')).toBe('m2m100_1.2B');
    expect(releaseOfModel('Xenova/opus-mt-en-fr')).toBe('opus-mt');
    expect(releaseOfModel('my-marian', 'marian')).toBe('opus-mt');
    expect(releaseOfModel('tiny-nllb', 'nllb')).toBeUndefined();
  });
});

describe('lookups', () => {
  it('finds a release\u2019s figure, and the best under a licence', () => {
    expect(publishedChrf('m2m100_418M', 'eng_Latn', 'lug_Latn')).toBe(7);
    expect(publishedChrf(undefined, 'eng_Latn', 'lug_Latn')).toBeUndefined();
    expect(publishedChrf('m2m100_418M', 'eng_Latn', 'kik_Latn')).toBeUndefined();
    expect(bestPublished('eng_Latn', 'wol_Latn')).toEqual({ release: 'nllb-200-3.3B', chrf: 26.1 });
    const commercial = bestPublished('eng_Latn', 'wol_Latn', (info) => isCommercialLicence(info.licence));
    expect(commercial).toEqual({ release: 'opus-mt', chrf: 22.6 });
    expect(bestPublished('eng_Latn', 'xho_Latn')).toBeUndefined();
  });

  it('counts only non-NC licences as commercial', () => {
    expect(['MIT', 'CC-BY-4.0', 'CC-BY-NC-4.0', undefined].map(isCommercialLicence)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
