import type { Region } from './types.ts';

/**
 * Regions where a language is also spoken widely (as a first or official language), besides the
 * home region its catalogue entry names. The picker lists a language under each of its regions, so
 * the Americas tab has English, Spanish, Portuguese and French, and Oceania has English and French.
 */
// prettier-ignore
export const ALSO_SPOKEN_IN: Readonly<Record<string, readonly Region[]>> = {
  eng_Latn: ['Americas', 'Africa', 'Asia', 'Oceania'],
  spa_Latn: ['Americas', 'Africa'], // Equatorial Guinea
  por_Latn: ['Americas', 'Africa'], // Brazil; Angola, Mozambique
  fra_Latn: ['Americas', 'Africa', 'Oceania'], // Canada, Haiti; West and Central Africa; New Caledonia, Polynesia
  nld_Latn: ['Americas'], // Suriname, the Dutch Caribbean
  rus_Cyrl: ['Asia'], // Siberia, Central Asia
  tur_Latn: ['Europe'], // Thrace, Cyprus
  ara_Arab: ['Africa'], // Official across North Africa
  hin_Deva: ['Oceania'], // Fiji
};

/** Every region a language is spoken in: its home region first. */
export function regionsOf(language: { code: string; region: string }): string[] {
  return [language.region, ...(ALSO_SPOKEN_IN[language.code] ?? [])];
}
