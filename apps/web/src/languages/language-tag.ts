import { ISO639_1 } from '@sema/shared/languages/iso639-1';
/**
 * The BCP 47 tag for a catalogue code (fra_Latn → fr-Latn, swh_Latn → swh-Latn), for `lang`
 * attributes: screen readers then pronounce native names in their own language, and browsers pick
 * fitting glyphs.
 */
export function languageTag(code: string, script?: string): string | undefined {
  const match = /^([a-z]{3})_([A-Z][a-z]{3})$/.exec(code);
  if (!match) return undefined;
  const [, language, codeScript] = match;
  // The catalogue's script wins where it differs from the code's (Santali: sat_Beng, written in Ol Chiki).
  return `${ISO639_1[language!] ?? language}-${script ?? codeScript}`;
}
