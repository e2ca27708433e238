import { describe, expect, it } from 'vitest';
import { CATALOGUE_DATA } from './catalogue-data.ts';
import { POPULAR_CODES } from './popular.ts';
import type { Region } from './types.ts';

const REGIONS: readonly Region[] = ['Africa', 'Americas', 'Asia', 'Europe', 'Oceania'];

/** ISO 15924 code → the Unicode Script property values its text is written with. */
const UNICODE_SCRIPTS: Readonly<Record<string, readonly string[]>> = {
  Arab: ['Arabic'],
  Armn: ['Armenian'],
  Beng: ['Bengali'],
  Cyrl: ['Cyrillic'],
  Deva: ['Devanagari'],
  Ethi: ['Ethiopic'],
  Geor: ['Georgian'],
  Grek: ['Greek'],
  Gujr: ['Gujarati'],
  Guru: ['Gurmukhi'],
  Hang: ['Hangul'],
  Hans: ['Han'],
  Hant: ['Han'],
  Hebr: ['Hebrew'],
  Jpan: ['Han', 'Hiragana', 'Katakana'],
  Khmr: ['Khmer'],
  Knda: ['Kannada'],
  Laoo: ['Lao'],
  Latn: ['Latin'],
  Mlym: ['Malayalam'],
  Mymr: ['Myanmar'],
  Olck: ['Ol_Chiki'],
  Orya: ['Oriya'],
  Sinh: ['Sinhala'],
  Taml: ['Tamil'],
  Telu: ['Telugu'],
  Tfng: ['Tifinagh'],
  Thai: ['Thai'],
  Tibt: ['Tibetan'],
};

function scriptLetter(iso15924: string): RegExp {
  const names = UNICODE_SCRIPTS[iso15924];
  if (!names) throw new Error(`no Unicode script known for ${iso15924}`);
  return new RegExp(names.map((name) => `\\p{Script=${name}}`).join('|'), 'u');
}

/** Letters that belong to no particular script (modifier apostrophes such as the Uzbek ʻ). */
const SCRIPT_NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

const codes = CATALOGUE_DATA.map((language) => language.code);

describe('catalogue data', () => {
  it('holds the 202 languages of NLLB-200, each code once', () => {
    expect(CATALOGUE_DATA).toHaveLength(202);
    expect(new Set(codes).size).toBe(202);
  });

  it('is sorted by code', () => {
    expect(codes).toEqual([...codes].sort());
  });

  it('uses script-tagged codes only', () => {
    const malformed = codes.filter((code) => !/^[a-z]{3}_[A-Z][a-z]{3}$/.test(code));
    expect(malformed).toEqual([]);
  });

  it('contains every language of the spec’s popular set', () => {
    expect(POPULAR_CODES.filter((code) => !codes.includes(code))).toEqual([]);
  });

  it('names Chinese and Arabic with the spec’s codes instead of the model’s', () => {
    expect(codes).toEqual(expect.arrayContaining(['cmn_Hans', 'cmn_Hant', 'ara_Arab']));
    expect(codes.filter((code) => ['zho_Hans', 'zho_Hant', 'arb_Arab'].includes(code))).toEqual([]);
  });

  it('leaves out the FLORES-200 codes that the model does not have', () => {
    expect(codes.filter((code) => ['arb_Latn', 'min_Arab', 'sat_Olck'].includes(code))).toEqual([]);
  });

  it('has a non-empty, trimmed, NFC-normalised name and native name for every language', () => {
    const bad = CATALOGUE_DATA.filter(
      ({ name, nativeName }) =>
        [name, nativeName].some((text) => text.trim() === '' || text.trim() !== text) ||
        nativeName.normalize('NFC') !== nativeName,
    );
    expect(bad.map((language) => language.code)).toEqual([]);
  });

  it('gives every language one of the five regions', () => {
    expect(CATALOGUE_DATA.filter((language) => !REGIONS.includes(language.region))).toEqual([]);
    // Each region tab of the picker has something to show.
    for (const region of REGIONS) {
      expect(CATALOGUE_DATA.some((language) => language.region === region)).toBe(true);
    }
  });

  it('takes the script from the code suffix, except Santali (Ol Chiki text under a Bengali-script code)', () => {
    const mismatched = CATALOGUE_DATA.filter((language) => language.script !== language.code.slice(4));
    expect(mismatched.map((language) => `${language.code}:${language.script}`)).toEqual(['sat_Beng:Olck']);
  });

  it('writes every native name with at least one letter of its own script', () => {
    const wrong = CATALOGUE_DATA.filter(({ script, nativeName }) => !scriptLetter(script).test(nativeName));
    expect(wrong.map((language) => language.code)).toEqual([]);
  });

  it('writes no letter of a native name in another script', () => {
    const foreign = CATALOGUE_DATA.flatMap(({ code, script, nativeName }) => {
      const own = scriptLetter(script);
      const letters = [...nativeName].filter((char) => /\p{L}/u.test(char));
      return letters
        .filter((char) => !own.test(char) && !SCRIPT_NEUTRAL.test(char))
        .map((char) => `${code}:${char}`);
    });
    expect(foreign).toEqual([]);
  });

  it('keeps the names people search for', () => {
    const nameOf = (code: string) => CATALOGUE_DATA.find((language) => language.code === code)?.name;
    expect(nameOf('pes_Arab')).toBe('Persian');
    expect(nameOf('zsm_Latn')).toBe('Malay');
    expect(nameOf('swh_Latn')).toBe('Swahili');
    expect(nameOf('ara_Arab')).toBe('Arabic');
    expect(nameOf('cmn_Hans')).toBe('Chinese (Simplified)');
  });

  it('tells apart languages that the model has in two scripts', () => {
    const names = CATALOGUE_DATA.map((language) => language.name);
    const repeated = names.filter((name, index) => names.indexOf(name) !== index);
    expect(repeated).toEqual([]);
  });
});
