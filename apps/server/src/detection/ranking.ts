/**
 * The ranking step of detection: the script of the letters decides first (one-language scripts
 * answer alone, Chinese goes to the character tables); within a shared script the scorer ranks the
 * candidates, then marker words and letter rules adjust its probabilities.
 */
import { countHanVariants } from './han-variants.ts';
import type { LanguageScores } from './language-scores.ts';
import { normalise, ranked } from './language-scores.ts';
import type { PriorSettings } from './language-prior.ts';
import { DEFAULT_PRIOR, applyPrior } from './language-prior.ts';
import { applyLetterRules } from './letter-rules.ts';
import { applyMarkers } from './marker-words.ts';
import { secondLook } from './second-look.ts';
import { APPROXIMATE_SCRIPTS, SHARED_SCRIPTS, SINGLE_LANGUAGE_SCRIPTS } from './script-languages.ts';
import type { Script } from './unicode-script.ts';
import { countScripts } from './unicode-script.ts';

/** Ranks the candidates of a shared script; null when it knows none of them. */
export type ScriptScorer = (
  text: string,
  script: Script,
  candidates: readonly string[],
) => LanguageScores | null;

export interface Ranking {
  /** Every candidate with its probability, most likely first. */
  order: [string, number][];
  script: Script;
  /** Letters in the text (all scripts). */
  letters: number;
  /** Whether the scorer decided (a shared script) rather than the script alone. */
  byScorer: boolean;
}

/** Han, Hiragana and Katakana count together: Japanese mixes them. */
function dominantScript(counts: Map<Script, number>): Script | null {
  const kana = (counts.get('Hiragana') ?? 0) + (counts.get('Katakana') ?? 0);
  const han = counts.get('Han') ?? 0;
  let best: Script | null = null;
  let bestCount = 0;
  for (const [script, count] of counts) {
    const weight = script === 'Han' || script === 'Hiragana' || script === 'Katakana' ? han + kana : count;
    if (weight > bestCount) {
      best = script === 'Hiragana' || script === 'Katakana' ? 'Han' : script;
      bestCount = weight;
    }
  }
  if (best === 'Han' && kana > 0 && kana >= 0.05 * (han + kana)) return 'Hiragana';
  return best;
}

/**
 * Cantonese's share of Traditional Chinese written without a Cantonese character. Hong Kong and
 * Macau (about 8 million, Cantonese speakers) write formal Chinese with the same characters as Taiwan
 * (about 23 million, Mandarin): such text may be either, and no character table tells them apart
 * (FLORES' Cantonese is such text: 的, 是, 他, 不, never 嘅, 係, 佢, 唔). So it is Traditional Mandarin,
 * with Cantonese as an alternative at about its share of the writers rather than a token 3 %.
 */
const CANTONESE_SHARE_OF_TRADITIONAL = 0.25;

/** Simplified or Traditional Mandarin, or Cantonese, from the characters only one of them uses. */
function hanScores(text: string): LanguageScores {
  const { simplified, traditional, cantonese } = countHanVariants(text);
  // Without distinctive characters Simplified is the likelier, being far more written.
  const traditionalOdds = Math.pow(8, traditional - simplified) * 0.3;
  const traditionalShare = traditionalOdds / (1 + traditionalOdds);
  // Cantonese particles decide whatever the character set (some written Cantonese is Simplified).
  const yue =
    cantonese === 0
      ? 0.01 + CANTONESE_SHARE_OF_TRADITIONAL * traditionalShare
      : Math.min(0.98, 1 - 0.4 ** cantonese);
  const hans = (1 - yue) / (1 + traditionalOdds);
  return new Map([
    ['cmn_Hans', hans],
    ['cmn_Hant', 1 - yue - hans],
    ['yue_Hant', yue],
  ]);
}

// Candidates the scorer has no model for keep a small share, so that letter rules can still pick them.
const UNSCORED_SHARE = 1e-3;

/** Every candidate with a probability: the scorer's, or a small floor for those it does not know. */
function withFloor(candidates: readonly string[], scores: LanguageScores | null): LanguageScores {
  const floor = UNSCORED_SHARE / candidates.length;
  const result: LanguageScores = new Map();
  for (const code of candidates)
    result.set(code, scores ? (scores.get(code) ?? floor) : 1 / candidates.length);
  return normalise(result);
}

function scoresFor(
  script: Script,
  text: string,
  letters: number,
  scorer: ScriptScorer,
  prior: PriorSettings,
): LanguageScores {
  const single = SINGLE_LANGUAGE_SCRIPTS[script];
  if (single) return new Map([[single, 1]]);
  if (script === 'Han') return hanScores(text);
  const approximate = APPROXIMATE_SCRIPTS[script];
  if (approximate) {
    // The catalogue lacks the language in this script: the nearest one, never with high confidence.
    return new Map(
      approximate.map((code, index) => [code, index === 0 ? 0.6 : 0.4 / (approximate.length - 1)]),
    );
  }
  const candidates = SHARED_SCRIPTS[script];
  if (!candidates) return new Map();
  const scored = withFloor(candidates, scorer(text, script, candidates));
  // The prior weighs every candidate, the languages that marker words derive from a relative too
  // (North Levantine and South Levantine Arabic share most of theirs: the more spoken one wins a
  // tie); letters are evidence on top.
  const firstPass = applyLetterRules(
    script,
    text,
    letters,
    applyPrior(applyMarkers(text, scored), letters, prior),
  );
  // Two close neighbours near each other: the letters only one of them writes decide.
  return secondLook(text, firstPass);
}

/** The languages `text` may be in, most likely first; null when it has no letters of a known script. */
export function rankLanguages(
  text: string,
  scorer: ScriptScorer,
  prior: PriorSettings = DEFAULT_PRIOR,
): Ranking | null {
  const counts = countScripts(text);
  const script = dominantScript(counts);
  if (!script) return null;
  let letters = 0;
  for (const count of counts.values()) letters += count;
  const order = ranked(scoresFor(script, text, counts.get(script) ?? 0, scorer, prior));
  if (order.length === 0) return null;
  return { order, script, letters, byScorer: script !== 'Han' && SHARED_SCRIPTS[script] !== undefined };
}
