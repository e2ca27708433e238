/**
 * franc-all (trigram ranks from the UDHR, MIT) restricted to the catalogue. It answers ISO 639-3
 * codes; this maps them to catalogue codes within one script. Used as the baseline in the benchmark
 * and as the fallback scorer while our own model loads.
 */
import { francAll } from 'franc-all';
import type { LanguageScores } from './language-scores.ts';
import { softmax } from './language-scores.ts';
import type { Script } from './unicode-script.ts';

/** Catalogue languages franc knows under another ISO 639-3 code. */
const FRANC_CODE: Record<string, string> = {
  ara_Arab: 'arb',
  zsm_Latn: 'zlm',
  est_Latn: 'ekk',
  grn_Latn: 'gug',
  pbt_Arab: 'pbu',
};

/** The franc code for a catalogue code. */
export function francCodeOf(catalogueCode: string): string {
  return FRANC_CODE[catalogueCode] ?? catalogueCode.slice(0, 3);
}

// franc's distances, normalised to 0..1, are turned into probabilities with this sharpness; chosen so
// that a clear winner on a sentence gets well above 0.9 and close calls stay close.
const SHARPNESS = 40;

/**
 * Probabilities over `candidates` (catalogue codes of one script) from franc, or null when franc
 * knows none of them. Candidates franc does not know are left out.
 */
export function francScores(
  text: string,
  _script: Script,
  candidates: readonly string[],
): LanguageScores | null {
  const byFrancCode = new Map<string, string>();
  for (const code of candidates) {
    const francCode = francCodeOf(code);
    // Two catalogue languages with one ISO code (ace_Arab/ace_Latn) are told apart by script already.
    if (!byFrancCode.has(francCode)) byFrancCode.set(francCode, code);
  }
  const results = francAll(text, { only: [...byFrancCode.keys()], minLength: 1 });
  const logScores: LanguageScores = new Map();
  for (const [francCode, score] of results) {
    const code = byFrancCode.get(francCode);
    if (code) logScores.set(code, SHARPNESS * (score - 1));
  }
  return logScores.size > 0 ? softmax(logScores) : null;
}
