/**
 * A second look within a group of close neighbours, taken only when the first pass (model, marker
 * words, letter rules) leaves two of them in the lead, near each other. Letters and letter sequences
 * one language of the group writes and its neighbours never do decide between them; outside the
 * group the same letters mean nothing (Kikuyu's r is also English's), which is why they are not
 * first-pass letter rules.
 */
import type { LanguageScores } from './language-scores.ts';
import { normalise } from './language-scores.ts';

interface Evidence {
  /** Global pattern; each match counts once. */
  pattern: RegExp;
  language: string;
  /** Factor per match. */
  weight: number;
}

interface NeighbourGroup {
  languages: readonly string[];
  evidence: readonly Evidence[];
  /** Most the evidence may multiply one language by. */
  cap: number;
}

const GROUPS: readonly NeighbourGroup[] = [
  {
    // Kikuyu writes r and c (rĩrĩa, ciothe) and never l or s; Kamba writes l, s and v (kĩla, syonthe,
    // vala) and never r or c.
    languages: ['kik_Latn', 'kam_Latn'],
    evidence: [
      { pattern: /[rc]/giu, language: 'kik_Latn', weight: 3 },
      { pattern: /[lsv]/giu, language: 'kam_Latn', weight: 3 },
    ],
    cap: 1e6,
  },
  {
    // Kinyarwanda writes c only as cy (icyo, cyane); Kirundi writes c before vowels (ico, canke) and
    // vy where Kinyarwanda writes by (vyose / byose).
    languages: ['kin_Latn', 'run_Latn'],
    evidence: [
      { pattern: /cy|by|jy/giu, language: 'kin_Latn', weight: 4 },
      { pattern: /c[aeiou]|vy/giu, language: 'run_Latn', weight: 4 },
    ],
    cap: 1e6,
  },
  {
    // Fulfulde writes long vowels double (laamɗo, ngoo) and ŋ; Hausa marks neither, and writes ƙ.
    languages: ['hau_Latn', 'fuv_Latn'],
    evidence: [
      { pattern: /aa|ee|ii|oo|uu|ŋ/giu, language: 'fuv_Latn', weight: 3 },
      { pattern: /ƙ/giu, language: 'hau_Latn', weight: 10 },
    ],
    cap: 1e6,
  },
  {
    // Tumbuka writes gh (agha, ghose) and ŵ; Chichewa writes dz and ts (dziko, tsiku).
    languages: ['nya_Latn', 'tum_Latn'],
    evidence: [
      { pattern: /gh|ŵ/giu, language: 'tum_Latn', weight: 4 },
      { pattern: /dz|ts/giu, language: 'nya_Latn', weight: 4 },
    ],
    cap: 1e6,
  },
  {
    // Iranian Persian joins the verb prefix and suffixes with a zero-width non-joiner (می‌کند,
    // کتاب‌ها); Dari text rarely does (میکند, کتابها): 72 % of SIB-200's Persian training sentences
    // hold one, 4 % of its Dari ones. Dari writes the prefix and the plural apart or joined instead
    // (می خواهید, میکند, باکتری ها), which Iranians typing fast do too: weaker evidence.
    languages: ['pes_Arab', 'prs_Arab'],
    evidence: [
      { pattern: /\u200c/gu, language: 'pes_Arab', weight: 3 },
      {
        pattern: /(?<![\p{L}\u200c])ن?می ?(?=[آ-ی])|(?<=[\p{L}]) ها(?!\p{L})/gu,
        language: 'prs_Arab',
        weight: 2,
      },
    ],
    cap: 1e3,
  },
  {
    // FLORES' Akan (aka_Latn) is written in Asante spelling and its Twi (twi_Latn) in Akuapem
    // spelling: Asante marks final vowels (beaeɛ, berɛ, mfeɛ, nsuo, -foɔ) where Akuapem does not
    // (beae, bere, mfe, nsu, -fo), and Akuapem writes -w and its own numerals (ahorow, dodow, biako,
    // abien). Asante writers also type Cyrillic ԑ for ɛ. Rates per sentence measured on SIB-200's
    // train and dev bands (training/sib-text.ts): ԑ 1.2 against 0.08, -foɔ 0.26 against 0.01, -fo 0.03
    // against 0.33; the weights are kept below those ratios, the signs overlapping.
    languages: ['aka_Latn', 'twi_Latn'],
    evidence: [
      { pattern: /ԑ/gu, language: 'aka_Latn', weight: 4 },
      { pattern: /(?:eɛ|foɔ|uo)(?!\p{L})/giu, language: 'aka_Latn', weight: 3 },
      {
        pattern: /(?<!\p{L})(?:ahodoɔ|beaeɛ|mmeaeɛ|berɛ|adeɛ|sɛdeɛ|foforɔ|afoforɔ|dwumadie)(?!\p{L})/giu,
        language: 'aka_Latn',
        weight: 3,
      },
      { pattern: /(?:fo|ae|ow)(?!\p{L})/giu, language: 'twi_Latn', weight: 3 },
      {
        pattern: /(?<!\p{L})(?:ahorow|dodow|titiriw|biako|abien|nkurɔfo|sɛnea|nsu|dwumadi)(?!\p{L})/giu,
        language: 'twi_Latn',
        weight: 3,
      },
    ],
    cap: 1e4,
  },
  {
    // Latgalian writes y and ō (byut, vysi, ōtrais); Standard Latvian never does.
    languages: ['lvs_Latn', 'ltg_Latn'],
    evidence: [{ pattern: /[yō]/giu, language: 'ltg_Latn', weight: 10 }],
    cap: 1e6,
  },
];

const GROUP_OF = new Map<string, NeighbourGroup>();
for (const group of GROUPS) for (const language of group.languages) GROUP_OF.set(language, group);

/** The runner-up must be at least this share of the leader for the first pass to count as unsure. */
const UNSURE_RATIO = 1e-3;

/** The group whose second look applies to `scores`, if the two leaders are neighbours in one. */
export function unsureGroup(scores: LanguageScores): NeighbourGroup | null {
  // The two leaders in one pass: this runs on every detection, a sort of every candidate would not.
  let first: [string, number] | null = null;
  let second: [string, number] | null = null;
  for (const entry of scores) {
    if (!first || entry[1] > first[1]) {
      second = first;
      first = entry;
    } else if (!second || entry[1] > second[1]) second = entry;
  }
  if (!first || !second) return null;
  const group = GROUP_OF.get(first[0]);
  if (!group || !group.languages.includes(second[0])) return null;
  return second[1] >= UNSURE_RATIO * first[1] ? group : null;
}

/** `scores` after the second look, or `scores` itself when the first pass was sure or no group applies. */
export function secondLook(text: string, scores: LanguageScores): LanguageScores {
  const group = unsureGroup(scores);
  if (!group) return scores;
  const factors = new Map<string, number>();
  for (const { pattern, language, weight } of group.evidence) {
    const count = text.match(pattern)?.length ?? 0;
    if (count === 0) continue;
    factors.set(language, Math.min(group.cap, (factors.get(language) ?? 1) * weight ** count));
  }
  if (factors.size === 0) return scores;
  const adjusted: LanguageScores = new Map(scores);
  for (const [language, factor] of factors) {
    const current = adjusted.get(language);
    if (current !== undefined) adjusted.set(language, current * factor);
  }
  return normalise(adjusted);
}
