import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.ts';
import { resolveLanguageCode, toLanguageTag } from './codes.ts';

const code = (input: string) => resolveLanguageCode(input)?.code;

describe('language codes other tools use', () => {
  it('writes every catalogue language as a BCP 47 tag that reads back to it', () => {
    const tags = new Set<string>();
    for (const language of CATALOGUE) {
      const tag = toLanguageTag(language.code);
      expect(tag, language.code).toMatch(/^[a-z]{2,3}(-[A-Z][a-z]{3})?$/);
      expect(code(tag!), `${language.code} → ${tag}`).toBe(language.code);
      tags.add(tag!);
    }
    expect(tags.size).toBe(CATALOGUE.length);
  });

  it('reads catalogue codes and aliases in any case', () => {
    expect(code('swh_Latn')).toBe('swh_Latn');
    expect(code('SWH_LATN')).toBe('swh_Latn');
    expect(code('zho_Hant')).toBe('cmn_Hant');
    expect(code('arb_Arab')).toBe('ara_Arab');
  });

  it.each([
    ['sw', 'swh_Latn'],
    ['swh', 'swh_Latn'],
    ['swa', 'swh_Latn'],
    ['sw-KE', 'swh_Latn'],
    ['en', 'eng_Latn'],
    ['EN-GB', 'eng_Latn'],
    ['en-US', 'eng_Latn'],
    ['pt-BR', 'por_Latn'],
    ['PT-PT', 'por_Latn'],
    ['zh', 'cmn_Hans'],
    ['zh-Hans', 'cmn_Hans'],
    ['ZH-HANS', 'cmn_Hans'],
    ['zh-Hant', 'cmn_Hant'],
    ['zh-TW', 'cmn_Hant'],
    ['zh-HK', 'cmn_Hant'],
    ['zh-CN', 'cmn_Hans'],
    ['yue', 'yue_Hant'],
    ['fa', 'pes_Arab'],
    ['fa-AF', 'prs_Arab'],
    ['prs', 'prs_Arab'],
    ['ms', 'zsm_Latn'],
    ['no', 'nob_Latn'],
    ['nb', 'nob_Latn'],
    ['nn', 'nno_Latn'],
    ['ku', 'kmr_Latn'],
    ['ku-Arab', 'ckb_Arab'],
    ['az', 'azj_Latn'],
    ['az-IR', 'azb_Arab'],
    ['ar', 'ara_Arab'],
    ['ks', 'kas_Arab'],
    ['ks-Deva', 'kas_Deva'],
    ['ace', 'ace_Latn'],
    ['ace-Arab', 'ace_Arab'],
    ['sr', 'srp_Cyrl'],
    ['he', 'heb_Hebr'],
    ['iw', 'heb_Hebr'],
    ['fil', 'tgl_Latn'],
    ['tl', 'tgl_Latn'],
    ['ger', 'deu_Latn'],
    ['yo', 'yor_Latn'],
    ['ha', 'hau_Latn'],
    ['am', 'amh_Ethi'],
    ['qu', 'quy_Latn'],
  ])('reads %s as %s', (input, expected) => {
    expect(code(input)).toBe(expected);
  });

  it.each([
    'sr-Latn',
    'xx',
    'zz-ZZ',
    'auto',
    '',
    '   ',
    'english',
    'en--GB',
    'constructor',
    '__proto__',
    'a'.repeat(500),
  ])('names no language for %j', (input) => {
    expect(resolveLanguageCode(input)).toBeUndefined();
  });
});
