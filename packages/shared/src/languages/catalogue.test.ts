import { describe, expect, it } from 'vitest';
import {
  ALIAS_CODES,
  CATALOGUE,
  MODEL_CODES,
  POPULAR_CODES,
  findRegion,
  fromModelCode,
  isRightToLeft,
  resolveLanguage,
  searchLanguages,
  toModelCode,
} from './catalogue.ts';

describe('catalogue codes and the model tokens', () => {
  it('maps the three renamed languages to the model tokens and back', () => {
    expect(toModelCode('cmn_Hans')).toBe('zho_Hans');
    expect(toModelCode('cmn_Hant')).toBe('zho_Hant');
    expect(toModelCode('ara_Arab')).toBe('arb_Arab');
    expect(toModelCode('swh_Latn')).toBe('swh_Latn');
    for (const language of CATALOGUE) expect(fromModelCode(toModelCode(language.code))).toBe(language.code);
  });

  it('has 202 unique model tokens, including the ones the catalogue renames', () => {
    expect(new Set(MODEL_CODES).size).toBe(202);
    expect(MODEL_CODES).toContain('zho_Hans');
    expect(MODEL_CODES).not.toContain('cmn_Hans');
  });

  it('resolves every alias to a catalogue language and answers the catalogue code', () => {
    // Every alias answers a catalogue language of the same script under another code.
    for (const alias of ALIAS_CODES) {
      const language = resolveLanguage(alias);
      expect(language && language.code !== alias && language.code.endsWith(alias.slice(3))).toBe(true);
    }
    expect(resolveLanguage('zho_Hans')?.code).toBe('cmn_Hans');
    expect(resolveLanguage('arb_Arab')?.code).toBe('ara_Arab');
    expect(resolveLanguage('orm_Latn')?.code).toBe('gaz_Latn');
    expect(resolveLanguage('xxx_Latn')).toBeUndefined();
    expect(resolveLanguage('auto')).toBeUndefined();
  });

  it('has every popular code', () => {
    for (const code of POPULAR_CODES) expect(resolveLanguage(code)?.code).toBe(code);
  });
});

describe('search and regions', () => {
  it('matches English name, native name and code, ignoring case and accents', () => {
    expect(searchLanguages('FRENCH').map((l) => l.code)).toContain('fra_Latn');
    expect(searchLanguages('francais').map((l) => l.code)).toContain('fra_Latn');
    expect(searchLanguages('Kiswahili').map((l) => l.code)).toContain('swh_Latn');
    expect(searchLanguages('hin_deva').map((l) => l.code)).toEqual(['hin_Deva']);
    expect(searchLanguages('العربية').map((l) => l.code)).toContain('ara_Arab');
    expect(searchLanguages('qqqq')).toEqual([]);
  });

  it('finds regions ignoring case', () => {
    expect(findRegion('ASIA')).toBe('Asia');
    expect(findRegion(' oceania ')).toBe('Oceania');
    expect(findRegion('Antarctica')).toBeUndefined();
  });

  it('knows which scripts run right to left', () => {
    expect(isRightToLeft(resolveLanguage('ara_Arab')!)).toBe(true);
    expect(isRightToLeft(resolveLanguage('heb_Hebr')!)).toBe(true);
    expect(isRightToLeft(resolveLanguage('eng_Latn')!)).toBe(false);
  });
});
