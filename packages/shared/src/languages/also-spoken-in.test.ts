import { describe, expect, it } from 'vitest';

import { ALSO_SPOKEN_IN, regionsOf } from './also-spoken-in.ts';
import { CATALOGUE, REGIONS } from './catalogue.ts';

const spokenIn = (region: string) =>
  CATALOGUE.filter((language) => regionsOf(language).includes(region)).map((language) => language.code);

describe('regions a language is spoken in', () => {
  it('lists the languages of colonial spread in the Americas as well as in Europe', () => {
    const americas = spokenIn('Americas');
    for (const code of ['eng_Latn', 'spa_Latn', 'por_Latn', 'fra_Latn', 'quy_Latn', 'hat_Latn'])
      expect(americas).toContain(code);
    expect(spokenIn('Europe')).toContain('eng_Latn');
  });

  it('gives Oceania its own languages and English and French', () => {
    expect(spokenIn('Oceania')).toEqual(
      expect.arrayContaining(['fij_Latn', 'mri_Latn', 'smo_Latn', 'tpi_Latn', 'eng_Latn', 'fra_Latn']),
    );
  });

  it('names only catalogue languages and real regions, never a language’s home region twice', () => {
    const codes = new Set(CATALOGUE.map((language) => language.code));
    for (const [code, regions] of Object.entries(ALSO_SPOKEN_IN)) {
      expect(codes.has(code)).toBe(true);
      const language = CATALOGUE.find((entry) => entry.code === code)!;
      expect(new Set(regionsOf(language)).size).toBe(regions.length + 1);
      for (const region of regions) expect(REGIONS).toContain(region);
    }
  });
});
