import { CATALOGUE_DATA } from './catalogue-data.ts';
import type { LanguageRecord, Region } from './types.ts';

export type { LanguageRecord, Region } from './types.ts';

/** Every language Sema offers, sorted by code. */
export const CATALOGUE: readonly LanguageRecord[] = CATALOGUE_DATA;

export const REGIONS: readonly Region[] = ['Africa', 'Americas', 'Asia', 'Europe', 'Oceania'];

export { POPULAR_CODES } from './popular.ts';

/**
 * The catalogue names three languages with the codes the spec uses; the model knows them by its own
 * tokens. Both spellings are accepted, the catalogue's is always answered.
 */
const CATALOGUE_TO_MODEL: Readonly<Record<string, string>> = {
  cmn_Hans: 'zho_Hans',
  cmn_Hant: 'zho_Hant',
  ara_Arab: 'arb_Arab',
};

/** Other spellings that clients send for catalogue languages (older ISO codes, macro-languages). */
const ALIASES: Readonly<Record<string, string>> = {
  zho_Hans: 'cmn_Hans',
  zho_Hant: 'cmn_Hant',
  arb_Arab: 'ara_Arab',
  fas_Arab: 'pes_Arab',
  msa_Latn: 'zsm_Latn',
  ori_Orya: 'ory_Orya',
  lav_Latn: 'lvs_Latn',
  orm_Latn: 'gaz_Latn',
};

const BY_CODE = new Map(CATALOGUE.map((language) => [language.code, language]));

/** The catalogue entry for a code or one of its aliases. */
export function resolveLanguage(code: string): LanguageRecord | undefined {
  return BY_CODE.get(code) ?? BY_CODE.get(ALIASES[code] ?? '');
}

/** The token the NLLB model uses for a catalogue language. */
export function toModelCode(catalogueCode: string): string {
  return CATALOGUE_TO_MODEL[catalogueCode] ?? catalogueCode;
}

/** The catalogue code for a model token (the inverse of {@link toModelCode}). */
export function fromModelCode(modelCode: string): string {
  return ALIASES[modelCode] && CATALOGUE_TO_MODEL[ALIASES[modelCode]] === modelCode
    ? ALIASES[modelCode]
    : modelCode;
}

/** The 202 language tokens of NLLB-200. */
export const MODEL_CODES: readonly string[] = CATALOGUE.map((language) => toModelCode(language.code));

export const ALIAS_CODES: readonly string[] = Object.keys(ALIASES);

/** Scripts written right to left. */
const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Nkoo', 'Syrc', 'Adlm']);

export function isRightToLeft(language: Pick<LanguageRecord, 'script'>): boolean {
  return RTL_SCRIPTS.has(language.script);
}

/** The region with this name, ignoring case, or undefined. */
export function findRegion(name: string): Region | undefined {
  const wanted = name.trim().toLowerCase();
  return REGIONS.find((region) => region.toLowerCase() === wanted);
}

/** Lower-cased, without accents: 'Français' and 'francais' compare equal. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/** Languages whose English name, native name or code contains the query, ignoring case and accents. */
export function searchLanguages(
  query: string,
  languages: readonly LanguageRecord[] = CATALOGUE,
): LanguageRecord[] {
  const folded = foldForSearch(query.trim());
  return languages.filter(
    (language) =>
      foldForSearch(language.name).includes(folded) ||
      foldForSearch(language.nativeName).includes(folded) ||
      language.code.toLowerCase().includes(folded),
  );
}
