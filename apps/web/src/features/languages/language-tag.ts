/**
 * The BCP 47 tag for a catalogue code (swh_Latn → swh-Latn), for `lang` attributes: screen readers
 * then pronounce native names in their own language, and browsers pick fitting glyphs.
 */
export function languageTag(code: string): string | undefined {
  return /^[a-z]{3}_[A-Z][a-z]{3}$/.test(code) ? code.replace('_', '-') : undefined;
}
