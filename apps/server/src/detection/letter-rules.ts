/**
 * Letters that only some of the languages sharing a script use. They decide short texts that a
 * statistical model cannot, and they are the main evidence for catalogue languages that have little
 * or no training text (Sindhi, Kashmiri, Bashkir, Assamese, ...). Each rule multiplies the
 * probability of its languages by `weight` per distinctive letter found, up to a cap. Frequencies
 * were measured on the CLDR, gettext and UDHR text of each language (e.g. ৰ/ৱ are 11 % of Assamese
 * letters, the Sindhi letters 10 %), and set lower to stay safe on other kinds of text.
 */
import type { LanguageScores } from './language-scores.ts';
import { normalise } from './language-scores.ts';
import type { Script } from './unicode-script.ts';

interface LetterRule {
  /** Single letters, any of which counts. */
  letters?: string;
  /** Letter sequences (lower case), each occurrence of which counts. */
  sequences?: readonly string[];
  languages: readonly string[];
  /** Factor per distinctive letter; evidence grows with count, up to MAX_FACTOR. */
  weight: number;
  /**
   * How often these letters occur in the languages' text (share of letters). When set, their
   * absence counts against the languages: (1 - frequency) per letter of the script.
   */
  frequency?: number;
  /** Most this rule may multiply by (weak, frequent patterns get a low cap). */
  cap?: number;
  /**
   * The rule only applies when the text has one of these letters: letters common across the script
   * ('y' for Latgalian) are only evidence in text that is already of the language's family.
   */
  requires?: string;
  /** The rule does not apply when the text has one of these letters (another language's marks). */
  unless?: string;
}

// Vietnamese writes ĩ and ũ too, but never without its other letters (đ ơ ư ă â ê ô and the tone
// marks of Latin Extended Additional); Guarani and Portuguese write ã õ ñ, which Kikuyu and Kamba never do.
const VIETNAMESE_GUARANI =
  'ãõñđơưăâêôÃÕÑĐƠƯĂÂÊÔ' +
  Array.from({ length: 0x1ef9 - 0x1ea0 + 1 }, (_, index) => String.fromCodePoint(0x1ea0 + index)).join('');

const MAX_FACTOR = 1e9;
// For letters no other candidate writes: strong enough to lift a language the scorer has no model for.
const DECISIVE = 1e6;

const RULES: Partial<Record<Script, readonly LetterRule[]>> = {
  Ethiopic: [
    // The qhä series is Tigrinya's; Tigrinya also writes ኣ where Amharic writes አ.
    { letters: 'ቐቑቒቓቔቕቖ', languages: ['tir_Ethi'], weight: 1000 },
    { letters: 'ኣ', languages: ['tir_Ethi'], weight: 30 },
  ],
  Bengali: [
    // ৰ and ৱ are Assamese letters; Bengali writes র and ব/ও instead.
    { letters: 'ৰৱ', languages: ['asm_Beng'], weight: DECISIVE, frequency: 0.08 },
    // র is Bengali's r; Assamese writes ৰ instead (12 in 165,000 letters of Assamese text, 9 % of Bengali).
    { letters: 'র', languages: ['ben_Beng', 'mni_Beng'], weight: 1000 },
  ],
  Arabic: [
    { letters: 'ڄڃٻڀڦڪڳڱڻٺٽٿڏڍڊڙ', languages: ['snd_Arab'], weight: DECISIVE, frequency: 0.06 },
    { letters: 'ٲٳۄؠ', languages: ['kas_Arab'], weight: DECISIVE, frequency: 0.012 },
    { letters: 'ښږځڅټډړګڼ', languages: ['pbt_Arab'], weight: 100 },
    // Jawi letters (nga, nya, pa, ga): Malay-family languages in Arabic script.
    { letters: 'ڠڽڤڬ', languages: ['ace_Arab', 'bjn_Arab'], weight: DECISIVE },
    // Retroflex letters and bari ye: Urdu (Kashmiri has them too, but its own vowels decide it).
    { letters: 'ٹڈڑںے', languages: ['urd_Arab'], weight: 30, frequency: 0.03 },
    { letters: 'ێڵڕ', languages: ['ckb_Arab'], weight: 100 },
    { letters: 'ۇۈۋ', languages: ['uig_Arab'], weight: 100 },
  ],
  Tifinagh: [
    // Tuareg letters (yah, yagh, yak, yaq, Ahaggar yazh, yaj, yakh, Tuareg yazh, yagn): 7.5 % of the
    // letters of Tamasheq's Seed text, none in Standard Moroccan Tamazight's, which writes ⴳ ⵖ ⴽ.
    { letters: 'ⵂⵗⴾⵈⵋⴶⵆⵌⵐ', languages: ['taq_Tfng'], weight: 1000, frequency: 0.04 },
  ],
  Cyrillic: [
    { letters: 'ђћ', languages: ['srp_Cyrl'], weight: 1000 },
    { letters: 'ѓќѕ', languages: ['mkd_Cyrl'], weight: 1000 },
    { letters: 'јљњџ', languages: ['srp_Cyrl', 'mkd_Cyrl'], weight: 100 },
    { letters: 'ҡҙҫ', languages: ['bak_Cyrl'], weight: DECISIVE, frequency: 0.015 },
    { letters: 'ӣӯҷ', languages: ['tgk_Cyrl'], weight: 1000, frequency: 0.015 },
    { letters: 'җ', languages: ['tat_Cyrl'], weight: 1000 },
    { letters: 'їєґ', languages: ['ukr_Cyrl'], weight: 300 },
    { letters: 'ў', languages: ['bel_Cyrl'], weight: 300 },
  ],
  Latin: [
    // Kikuyu and Kamba write ĩ and ũ (7 % of Kikuyu letters); Swahili, Kirundi and the other Bantu
    // languages of the catalogue never do. Which of the two: second-look.ts.
    {
      letters: 'ĩũĨŨ',
      languages: ['kik_Latn', 'kam_Latn'],
      weight: 1000,
      unless: VIETNAMESE_GUARANI,
    },
    // Latgalian writes y and ō, Standard Latvian never; only in text with Latvian's own letters.
    { letters: 'yōYŌ', languages: ['ltg_Latn'], weight: 30, cap: 1e6, requires: 'āēīķļņģĀĒĪĶĻŅĢ' },
    // Tumbuka writes ŵ (ŵanthu, ŵana), which modern Chichewa spelling dropped.
    { letters: 'ŵŴ', languages: ['tum_Latn'], weight: 1000, cap: 1e9 },
    // Nilotic vowels and consonants with the diaeresis vowels of Dinka and Nuer (Ewe, Fon, Twi and
    // Bambara write ɛ and ɔ too, but never ä ë ï ö); Nuer alone marks vowels with a macron below.
    {
      letters: 'ɛɔɣƐƆƔ',
      languages: ['dik_Latn', 'nus_Latn'],
      weight: 30,
      cap: 1e6,
      requires: 'äëïöÄËÏÖ',
    },
    { letters: '\u0331', languages: ['nus_Latn'], weight: 1000 },
    // Hausa writes ƙ, Fulfulde never (Fulfulde's ŋ and double vowels: second-look.ts).
    { letters: 'ƙƘ', languages: ['hau_Latn'], weight: 100 },
    // Kinyarwanda writes cy/jy/by where Kirundi writes c/j/vy (byose / vyose).
    { sequences: ['cy', 'jy', 'by'], languages: ['kin_Latn'], weight: 3, cap: 1000 },
    { sequences: ['vy'], languages: ['run_Latn'], weight: 3, cap: 1000 },
    // Occitan (like Portuguese) writes lh/nh where Catalan writes ll/ny.
    { sequences: ['lh', 'nh'], languages: ['oci_Latn', 'por_Latn'], weight: 3, cap: 100 },
    { sequences: ['ny', 'l·l'], languages: ['cat_Latn'], weight: 3, cap: 100 },
    // Turkish has no q or ñ; Crimean Tatar, Uzbek and Azerbaijani have q.
    { letters: 'qñ', languages: ['crh_Latn', 'uzn_Latn', 'azj_Latn'], weight: 10, cap: 1000 },
    // ø is Faroese (and Danish/Norwegian), never Icelandic; þ is Icelandic only.
    { letters: 'ø', languages: ['fao_Latn', 'dan_Latn', 'nob_Latn', 'nno_Latn'], weight: 30, cap: 1e4 },
    { letters: 'þ', languages: ['isl_Latn'], weight: 100, cap: 1e6 },
  ],
  Devanagari: [
    // Kashmiri vowel letters, and its vowel signs ue and uue, which no other language writes
    // (Kashmiri's short e and o signs ॆ ॊ are not counted: Bhojpuri and Maithili text writes them too).
    { letters: 'ॳॴॵॶॷ', languages: ['kas_Deva'], weight: DECISIVE },
    { letters: '\u0956\u0957', languages: ['kas_Deva'], weight: 1000, cap: DECISIVE },
  ],
};

function hasAny(text: string, letters: ReadonlySet<string>): boolean {
  for (const char of text) if (letters.has(char)) return true;
  return false;
}

interface IndexedRules {
  rules: readonly LetterRule[];
  /** For each distinctive letter, the rules (by index) that count it: one pass over the text serves all. */
  byLetter: ReadonlyMap<string, readonly number[]>;
  requires: readonly (ReadonlySet<string> | null)[];
  unless: readonly (ReadonlySet<string> | null)[];
}

const INDEXED = new Map<Script, IndexedRules>();
for (const [script, rules] of Object.entries(RULES) as [Script, readonly LetterRule[]][]) {
  const byLetter = new Map<string, number[]>();
  rules.forEach((rule, index) => {
    for (const char of rule.letters ?? '') byLetter.set(char, [...(byLetter.get(char) ?? []), index]);
  });
  INDEXED.set(script, {
    rules,
    byLetter,
    requires: rules.map((rule) => (rule.requires ? new Set(rule.requires) : null)),
    unless: rules.map((rule) => (rule.unless ? new Set(rule.unless) : null)),
  });
}

// However long the text, missing letters never rule a language out entirely.
const MIN_ABSENCE_FACTOR = 1e-6;

/**
 * `scores` adjusted by the distinctive letters of `text` (which has `letters` letters of `script`),
 * renormalised.
 */
export function applyLetterRules(
  script: Script,
  text: string,
  letters: number,
  scores: LanguageScores,
): LanguageScores {
  const indexed = INDEXED.get(script);
  if (!indexed) return scores;
  const { rules, byLetter, requires, unless } = indexed;
  const counts = new Array<number>(rules.length).fill(0);
  for (const char of text) {
    const hits = byLetter.get(char);
    if (hits) for (const index of hits) counts[index]!++;
  }
  let adjusted: LanguageScores | null = null;
  let lower: string | null = null;
  for (const [index, rule] of rules.entries()) {
    let found = counts[index]!;
    if (rule.sequences) {
      lower ??= text.toLowerCase();
      for (const sequence of rule.sequences) {
        for (let at = lower.indexOf(sequence); at >= 0; at = lower.indexOf(sequence, at + sequence.length))
          found++;
      }
    }
    // Conditions are read only when the rule has something to say (most texts have none of its letters).
    if (found > 0 || rule.frequency) {
      const required = requires[index];
      const excluded = unless[index];
      if (required && !hasAny(text, required)) continue;
      if (excluded && hasAny(text, excluded)) continue;
    }
    if (found === 0 && !rule.frequency) continue;
    adjusted ??= new Map(scores);
    const factor =
      found > 0
        ? Math.min(rule.cap ?? MAX_FACTOR, rule.weight ** found)
        : Math.max(MIN_ABSENCE_FACTOR, (1 - rule.frequency!) ** letters);
    for (const language of rule.languages) {
      const current = adjusted.get(language);
      if (current !== undefined) adjusted.set(language, current * factor);
    }
  }
  return adjusted ? normalise(adjusted) : scores;
}
