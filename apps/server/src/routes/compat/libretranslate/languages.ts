/**
 * LibreTranslate's language codes: BCP 47 tags from Sema's code table (`sw`, `zh-Hans`), plus the
 * codes LibreTranslate's own releases have listed that the table writes otherwise — Argos
 * Translate's `zh`, `zt` (Chinese, traditional), `pb` (Portuguese, Brazil) and `no`, and the
 * `pt-BR` of LibreTranslate 1.6 on — and Weblate's `fil` for Filipino (LibreTranslate has `tl`).
 * Clients check a code against `/languages` before they send it (the `libretranslate` npm package,
 * Weblate), so each is listed, and each is accepted.
 */
import { resolveLanguageCode, toLanguageTag } from '@sema/shared/languages/codes';
import type { LanguageRecord } from '@sema/shared/languages/types';
import { resolveLanguage } from '@sema/shared/languages/catalogue';

/** Code as clients send it → the catalogue language it names. */
const ALIASES: Readonly<Record<string, string>> = {
  zh: 'cmn_Hans',
  zt: 'cmn_Hant',
  pb: 'por_Latn',
  'pt-BR': 'por_Latn',
  no: 'nob_Latn',
  fil: 'tgl_Latn',
};
const BY_LOWER = new Map(Object.entries(ALIASES).map(([code, language]) => [code.toLowerCase(), language]));
const ALIASES_OF = new Map<string, string[]>();
for (const [code, language] of Object.entries(ALIASES)) {
  ALIASES_OF.set(language, [...(ALIASES_OF.get(language) ?? []), code]);
}

/** The catalogue language of a code a LibreTranslate client sends (in any case, as LibreTranslate reads it). */
export function ltLanguage(code: string): LanguageRecord | undefined {
  const alias = BY_LOWER.get(code.trim().toLowerCase());
  return alias ? resolveLanguage(alias) : resolveLanguageCode(code);
}

/** The tag LibreTranslate's answers name a catalogue language by (`detectedLanguage`). */
export const ltTag = (code: string): string => toLanguageTag(code) ?? code;

/** Every code `/languages` lists for a catalogue language: its tag first, then the older codes for it. */
export const ltCodes = (code: string): string[] => [ltTag(code), ...(ALIASES_OF.get(code) ?? [])];
