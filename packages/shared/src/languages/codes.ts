/**
 * The codes other tools use for languages (BCP 47 / ISO 639-1 and 639-3, with script and region
 * subtags, as LibreTranslate's and DeepL's clients send them) read as catalogue codes, and catalogue
 * codes written as BCP 47 tags. The decisions for macrolanguages and scripts are deliberate and
 * listed in docs/language-codes.md; every catalogue language round-trips (codes.test.ts).
 */
import { CATALOGUE, resolveLanguage } from './catalogue.ts';
import { ISO639_1 } from './iso639-1.ts';
import type { LanguageRecord } from './types.ts';

/**
 * A macrolanguage (or an old or bibliographic code) → the one individual language of the catalogue
 * people mean by it. Keys are ISO 639-1, 639-2/B and 639-3 codes.
 */
const INDIVIDUAL: Readonly<Record<string, string>> = {
  // Two-letter macrolanguage codes.
  sw: 'swh', // Swahili → Kiswahili (the written standard of East Africa)
  fa: 'pes', // Persian → Iranian Persian (Dari is fa-AF, or prs)
  ms: 'zsm', // Malay → Standard Malay
  no: 'nob', // Norwegian → Bokmål
  uz: 'uzn', // Uzbek → Northern Uzbek (Latin)
  az: 'azj', // Azerbaijani → North Azerbaijani (South: az-IR, az-Arab or azb)
  lv: 'lvs', // Latvian → Standard Latvian
  mn: 'khk', // Mongolian → Halh, in Cyrillic
  om: 'gaz', // Oromo → West Central Oromo
  qu: 'quy', // Quechua → Ayacucho Quechua, the one NLLB has
  ku: 'kmr', // Kurdish → Kurmanji (Latin); Sorani is ku-Arab or ckb
  ps: 'pbt', // Pashto → Southern Pashto
  sq: 'als', // Albanian → Tosk, the standard
  yi: 'ydd', // Yiddish → Eastern Yiddish
  ay: 'ayr', // Aymara → Central Aymara
  kr: 'knc', // Kanuri → Central Kanuri
  ne: 'npi', // Nepali → Nepali (individual)
  or: 'ory', // Odia → Odia (individual)
  mg: 'plt', // Malagasy → Plateau Malagasy, the standard
  ff: 'fuv', // Fula → Nigerian Fulfulde, the one NLLB has
  gn: 'grn',
  et: 'est',
  // Old two-letter codes still sent by some tools.
  iw: 'heb',
  in: 'ind',
  ji: 'ydd',
  // Three-letter macrolanguage and bibliographic (639-2/B) codes.
  swa: 'swh',
  fas: 'pes',
  per: 'pes',
  msa: 'zsm',
  may: 'zsm',
  nor: 'nob',
  uzb: 'uzn',
  aze: 'azj',
  lav: 'lvs',
  mon: 'khk',
  orm: 'gaz',
  que: 'quy',
  kur: 'kmr',
  pus: 'pbt',
  sqi: 'als',
  alb: 'als',
  yid: 'ydd',
  aym: 'ayr',
  kau: 'knc',
  nep: 'npi',
  ori: 'ory',
  mlg: 'plt',
  ful: 'fuv',
  ara: 'ara',
  arb: 'ara',
  ekk: 'est',
  fil: 'tgl',
  fre: 'fra',
  ger: 'deu',
  dut: 'nld',
  arm: 'hye',
  baq: 'eus',
  bur: 'mya',
  cze: 'ces',
  geo: 'kat',
  gre: 'ell',
  ice: 'isl',
  mac: 'mkd',
  mao: 'mri',
  rum: 'ron',
  slo: 'slk',
  tib: 'bod',
  wel: 'cym',
};

/** Languages the catalogue has in several scripts: the script a tag without one means. */
const DEFAULT_SCRIPT: Readonly<Record<string, string>> = {
  ace: 'Latn',
  bjn: 'Latn',
  cmn: 'Hans',
  kas: 'Arab',
  knc: 'Latn',
  taq: 'Latn',
};

/** Regions that pick another individual language than the plain code. */
const BY_REGION: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  pes: { AF: 'prs' }, // Persian in Afghanistan is Dari
  azj: { IR: 'azb' }, // Azerbaijani in Iran is South Azerbaijani, in Arabic script
};

/** Scripts that pick another individual language than the plain code. */
const BY_SCRIPT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  kmr: { Arab: 'ckb' }, // Kurdish in Arabic script is Sorani
  azj: { Arab: 'azb' },
};

/** Chinese: the script decides, or the region when no script is given. */
const TRADITIONAL_REGIONS = new Set(['TW', 'HK', 'MO']);
const CHINESE = new Set(['zh', 'zho', 'chi', 'cmn']);

const TWO_TO_THREE = new Map(Object.entries(ISO639_1).map(([three, two]) => [two, three]));
const BY_LANGUAGE = new Map<string, LanguageRecord[]>();
for (const language of CATALOGUE) {
  const three = language.code.slice(0, 3);
  BY_LANGUAGE.set(three, [...(BY_LANGUAGE.get(three) ?? []), language]);
}

const TAG = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{4}))?(?:[-_]([A-Za-z]{2}|\d{3}))?(?:[-_][A-Za-z0-9]{1,8})*$/;

/** Whether a code is written like a language code (`swh_Latn`, `sw`, `sr-Latn`), known or not. */
export function looksLikeLanguageCode(input: string): boolean {
  const text = input.trim();
  return /^[A-Za-z]{3}_[A-Za-z]{4}$/.test(text) || TAG.test(text);
}

const titleCase = (script: string) => script.charAt(0).toUpperCase() + script.slice(1).toLowerCase();

/**
 * The catalogue language a code names: a catalogue code or alias (`swh_Latn`, `zho_Hans`, in any
 * case), or a BCP 47 tag (`sw`, `swh`, `sw-KE`, `zh-Hant`, `zh-TW`, `pt-BR`, `EN-GB`, `ks-Deva`).
 * Undefined for a code that names no language the catalogue has (`sr-Latn`: NLLB has Serbian in
 * Cyrillic only).
 */
export function resolveLanguageCode(input: string): LanguageRecord | undefined {
  const text = input.trim();
  const nllb = /^([A-Za-z]{3})_([A-Za-z]{4})$/.exec(text);
  if (nllb) return resolveLanguage(`${nllb[1]!.toLowerCase()}_${titleCase(nllb[2]!)}`);

  const tag = TAG.exec(text);
  if (!tag) return undefined;
  const language = tag[1]!.toLowerCase();
  const script = tag[2] ? titleCase(tag[2]) : undefined;
  const region = tag[3]?.toUpperCase();

  if (CHINESE.has(language)) {
    const chosen = script ?? (region && TRADITIONAL_REGIONS.has(region) ? 'Hant' : 'Hans');
    return resolveLanguage(`cmn_${chosen}`);
  }

  let three = language.length === 2 ? (INDIVIDUAL[language] ?? TWO_TO_THREE.get(language)) : language;
  if (!three) return undefined;
  three = INDIVIDUAL[three] ?? three;
  if (region) three = BY_REGION[three]?.[region] ?? three;
  if (script) three = BY_SCRIPT[three]?.[script] ?? three;

  const candidates = BY_LANGUAGE.get(three);
  if (!candidates) return undefined;
  if (script) return candidates.find((entry) => entry.code.endsWith(`_${script}`) || entry.script === script);
  if (candidates.length === 1) return candidates[0];
  return candidates.find((entry) => entry.code.endsWith(`_${DEFAULT_SCRIPT[three]}`));
}

const INDIVIDUAL_TO_TWO = new Map(
  Object.entries(INDIVIDUAL)
    .filter(([code]) => code.length === 2 && !['iw', 'in', 'ji'].includes(code))
    .map(([two, three]) => [three, two]),
);

/**
 * A catalogue code as a BCP 47 tag, as short as it can be while it still names this language and
 * script: `fr`, `sw`, `zh-Hans`, `zh-Hant`, `ks-Deva`, `prs`. {@link resolveLanguageCode} reads it
 * back to the same code.
 */
export function toLanguageTag(code: string): string | undefined {
  const language = resolveLanguage(code);
  if (!language) return undefined;
  const [three, script] = language.code.split('_') as [string, string];
  if (three === 'cmn') return `zh-${script}`;
  const base = ISO639_1[three] ?? INDIVIDUAL_TO_TWO.get(three) ?? three;
  const several = (BY_LANGUAGE.get(three)?.length ?? 0) > 1;
  return several && DEFAULT_SCRIPT[three] !== script ? `${base}-${script}` : base;
}
