/**
 * Which Unicode script each letter of a text belongs to. Detection first splits on script: a script
 * used by one catalogue language decides the answer alone, and a shared script narrows the
 * candidates the statistical model has to choose between.
 */

/** Scripts that matter for the catalogue (and a few that only approximate a catalogue language). */
export const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Khmer',
  'Han',
  'Hiragana',
  'Katakana',
  'Ol_Chiki',
  'Tifinagh',
  'Nko',
  'Adlam',
  'Javanese',
  'Balinese',
  'Buginese',
  'Sundanese',
  'Meetei_Mayek',
] as const;

export type Script = (typeof SCRIPTS)[number] | 'Other';

const SCRIPT_PATTERNS = SCRIPTS.map((name) => new RegExp(`^\\p{Script=${name}}$`, 'u'));
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;

/** 0 = not looked at yet, NOT_A_LETTER, OTHER, else 1 + index in SCRIPTS. */
const NOT_A_LETTER = 254;
const OTHER = 255;
// Memoised per code point: the regular expressions run once per distinct character, ever.
const memo = new Uint8Array(0x110000);

function classify(codePoint: number): number {
  const char = String.fromCodePoint(codePoint);
  if (!LETTER_OR_MARK.test(char)) return NOT_A_LETTER;
  for (let index = 0; index < SCRIPT_PATTERNS.length; index++) {
    if (SCRIPT_PATTERNS[index]!.test(char)) return index + 1;
  }
  // Combining marks shared by many scripts (Script=Inherited) say nothing about the language.
  return /^\p{Script=Inherited}$/u.test(char) ? NOT_A_LETTER : OTHER;
}

function scriptCode(codePoint: number): number {
  let code = memo[codePoint]!;
  if (code === 0) {
    code = classify(codePoint);
    memo[codePoint] = code;
  }
  return code;
}

/** How many letters (and script-specific marks) of each script the text holds. */
export function countScripts(text: string): Map<Script, number> {
  const counts = new Map<Script, number>();
  for (const char of text) {
    const code = scriptCode(char.codePointAt(0)!);
    if (code === NOT_A_LETTER) continue;
    const script: Script = code === OTHER ? 'Other' : SCRIPTS[code - 1]!;
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  return counts;
}
