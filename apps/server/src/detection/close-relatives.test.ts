import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@sema/shared/languages/catalogue';
import { areCloseRelatives } from './close-relatives.ts';
import { relativesCeiling } from './confidence.ts';

describe('close relatives', () => {
  it('pair the neighbours short text confuses, both ways', () => {
    for (const [a, b] of [
      ['por_Latn', 'kea_Latn'],
      ['por_Latn', 'glg_Latn'],
      ['rus_Cyrl', 'ukr_Cyrl'],
      ['mkd_Cyrl', 'srp_Cyrl'],
      ['ind_Latn', 'zsm_Latn'],
      ['ara_Arab', 'arz_Arab'],
    ]) {
      expect(areCloseRelatives(a!, b!), `${a} ${b}`).toBe(true);
      expect(areCloseRelatives(b!, a!), `${b} ${a}`).toBe(true);
    }
  });

  it('do not pair unrelated languages, nor a language with itself', () => {
    expect(areCloseRelatives('eng_Latn', 'por_Latn')).toBe(false);
    expect(areCloseRelatives('swh_Latn', 'sun_Latn')).toBe(false);
    expect(areCloseRelatives('por_Latn', 'por_Latn')).toBe(false);
  });

  it('name only catalogue languages', async () => {
    const source = await import('node:fs').then((fs) =>
      fs.readFileSync(new URL('./close-relatives.ts', import.meta.url), 'utf8'),
    );
    const codes = new Set(CATALOGUE.map(({ code }) => code));
    const named = source.match(/[a-z]{3}_[A-Z][a-z]{3}/g) ?? [];
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((code) => !codes.has(code))).toEqual([]);
  });

  it('cap the confidence of two words well below certainty, of a paragraph hardly at all', () => {
    expect(relativesCeiling(10)).toBeLessThan(0.86);
    expect(relativesCeiling(20)).toBeLessThan(0.9);
    expect(relativesCeiling(60)).toBeCloseTo(0.97, 2);
    expect(relativesCeiling(300)).toBeGreaterThan(0.999);
  });
});
