import { CATALOGUE } from '@sema/shared/languages/catalogue';
import { describe, expect, it } from 'vitest';

import { LANGUAGES_FIXTURE } from '@/testing/languages-fixture';

import { autoDetectMatches, emptyListMessage, filterLanguages, LANGUAGE_FILTERS } from './language-filter';
import { toLanguageList } from './served-pairs';

const list = toLanguageList(LANGUAGES_FIXTURE);
/** The whole catalogue, as the server's /api/v1/languages sends it. */
const catalogue = toLanguageList({
  languages: Object.fromEntries(
    CATALOGUE.map(({ code, name, nativeName, region, script }) => [
      code,
      { name, native_name: nativeName, region, script },
    ]),
  ),
  total_count: CATALOGUE.length,
});
const firstFound = (query: string, count = 1) =>
  filterLanguages(catalogue, 'All', query)
    .slice(0, count)
    .map((l) => l.name);
const codes = (filter: (typeof LANGUAGE_FILTERS)[number], query = '') =>
  filterLanguages(list, filter, query).map((l) => l.code);

describe('language filter', () => {
  it('has the spec tabs in order, then Oceania', () => {
    expect(LANGUAGE_FILTERS).toEqual(['All', 'Popular', 'Africa', 'Europe', 'Asia', 'Americas', 'Oceania']);
  });

  it('lists everything by English name under All, and the popular set in the spec order', () => {
    expect(codes('All')[0]).toBe('amh_Ethi');
    expect(codes('All')).toHaveLength(11);
    // eng, spa, fra, (deu missing), cmn, (ara missing), hin, …, swh: the spec's order, not alphabetical.
    expect(codes('Popular')).toEqual([
      'eng_Latn',
      'spa_Latn',
      'fra_Latn',
      'cmn_Hans',
      'hin_Deva',
      'swh_Latn',
    ]);
  });

  it('filters by region, listing a language under every region it is spoken in', () => {
    expect(codes('Africa')).toEqual(['amh_Ethi', 'eng_Latn', 'fra_Latn', 'spa_Latn', 'swh_Latn', 'yor_Latn']);
    expect(codes('Americas')).toEqual(['quy_Latn', 'eng_Latn', 'fra_Latn', 'spa_Latn']);
    expect(codes('Europe')).toEqual(['fra_Latn', 'spa_Latn']);
    expect(codes('Oceania')).toEqual(['eng_Latn', 'fra_Latn', 'hin_Deva', 'mri_Latn']);
  });

  it('searches English name, native name and code, ignoring case and accents', () => {
    expect(codes('All', 'swa')).toEqual(['swh_Latn']);
    expect(codes('All', 'KISWAHILI')).toEqual(['swh_Latn']);
    expect(codes('All', 'francais')).toEqual(['fra_Latn']);
    expect(codes('All', 'yor_latn')).toEqual(['yor_Latn']);
    expect(codes('All', 'አማ')).toEqual(['amh_Ethi']);
    expect(codes('Europe', 'swahili')).toEqual([]);
  });

  it("shows Auto Detect for no search or one containing 'auto' or 'detect'", () => {
    expect(autoDetectMatches('')).toBe(true);
    expect(autoDetectMatches('', 'Popular')).toBe(true);
    // A region does not contain Auto Detect, unless the search asks for it.
    expect(autoDetectMatches('', 'Europe')).toBe(false);
    expect(autoDetectMatches('auto', 'Europe')).toBe(true);
    expect(autoDetectMatches('Auto')).toBe(true);
    expect(autoDetectMatches('detect')).toBe(true);
    expect(autoDetectMatches('  DETECTION ')).toBe(true);
    expect(autoDetectMatches('french')).toBe(false);
  });

  it('words the two empty-list messages as the spec does', () => {
    expect(emptyListMessage('All', 'xyz')).toBe('No languages found matching "xyz"');
    expect(emptyListMessage('Americas', '')).toBe('No languages found for Americas');
    // The search finds Swahili, but not under Europe: the filter is why the list is empty.
    expect(emptyListMessage('Europe', 'swahili', list)).toBe('No languages found for Europe');
    expect(emptyListMessage('Europe', 'xyz', list)).toBe('No languages found matching "xyz"');
    expect(emptyListMessage('All', 'swahili', list)).toBe('No languages found matching "swahili"');
  });

  it('puts the language a search names first: exact name, autonym or code, then word prefixes', () => {
    // Alphabetically these were Acehnese (Arabic script), Armenian and Afrikaans.
    expect(firstFound('arabic')).toEqual(['Arabic']);
    expect(firstFound('en')).toEqual(['English']);
    expect(firstFound('fr')).toEqual(['French']);
    expect(firstFound('FRA_latn')).toEqual(['French']);
    expect(firstFound('deutsch')).toEqual(['German']);
    expect(firstFound('sw')).toEqual(['Swahili']);
    // A name that starts with the search beats one with a word that does, which beats the rest.
    expect(firstFound('swa', 2)).toEqual(['Swahili', 'Swati']);
    expect(firstFound('arab', 3)).toEqual(['Arabic', 'Acehnese (Arabic script)', 'Banjar (Arabic script)']);
    // Popular languages break ties: of the names starting with 'ch', Chinese comes before Chhattisgarhi.
    expect(firstFound('ch', 2)).toEqual(['Chinese (Simplified)', 'Chhattisgarhi']);
  });

  it('keeps the list alphabetical with no search, and the tabs apply before the ranking', () => {
    expect(filterLanguages(catalogue, 'All', '')[0]?.name).toBe('Acehnese (Arabic script)');
    expect(filterLanguages(catalogue, 'Europe', 'fr').map((l) => l.code)[0]).toBe('fra_Latn');
  });
});
