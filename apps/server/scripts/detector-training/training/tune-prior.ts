/**
 * Chooses the prior's settings (language-prior.ts) on dev text. The prior exists for everyday
 * messages, and only they gain from it; every other kind of text (and every small language) can only
 * lose, since each language counts once in a macro accuracy. So the score of a setting is half the
 * everyday messages' macro accuracy and half the mean over the other dev sets, which keeps the prior
 * from buying a greeting at the price of a paragraph. Many settings score alike (see SCORE_TOLERANCE).
 */
import type { Sample } from '../data/evaluate.ts';
import { evaluate } from '../data/evaluate.ts';
import { createDetector } from '../../../src/detection/detector.ts';
import type { PriorSettings } from '../../../src/detection/language-prior.ts';
import { priorExponent } from '../../../src/detection/language-prior.ts';
import type { LanguageScores } from '../../../src/detection/language-scores.ts';
import type { ScriptScorer } from '../../../src/detection/ranking.ts';

export const PRIOR_WEIGHTS = [0, 0.125, 0.25, 0.375, 0.5, 0.75, 1];
export const PRIOR_HALF_LENGTHS = [3, 6, 12, 25, 50];
/**
 * Scores this close are a handful of dev texts apart: noise. Among the settings that close to the
 * best, the one that leans a two-word message (~10 letters) hardest to the widely spoken language is
 * taken, since that is what the prior is for.
 */
export const SCORE_TOLERANCE = 0.0025;
const TYPICAL_MESSAGE_LETTERS = 10;

export interface PriorTrial {
  settings: PriorSettings;
  /** Macro accuracy on the everyday messages, then on each guard set in the order given. */
  accuracies: number[];
  score: number;
}

/**
 * Scores each text once: the prior acts after the scorer, so every trial can reuse the scores (kept
 * as arrays: tens of thousands of Maps would take hundreds of megabytes).
 */
function memoised(scorer: ScriptScorer): ScriptScorer {
  const memo = new Map<string, { codes: string[]; values: Float64Array } | null>();
  return (text, script, candidates) => {
    const key = `${script}\u0000${text}`;
    let entry = memo.get(key);
    if (entry === undefined) {
      const scores = scorer(text, script, candidates);
      entry = scores ? { codes: [...scores.keys()], values: Float64Array.from(scores.values()) } : null;
      memo.set(key, entry);
    }
    if (!entry) return null;
    const { codes, values } = entry;
    const scores: LanguageScores = new Map();
    codes.forEach((code, index) => scores.set(code, values[index]!));
    return scores;
  };
}

export function tunePrior(
  scorer: ScriptScorer,
  everyday: readonly Sample[],
  guards: readonly (readonly Sample[])[],
): { best: PriorTrial; trials: PriorTrial[] } {
  const scoreOnce = memoised(scorer);
  const trials: PriorTrial[] = [];
  for (const weight of PRIOR_WEIGHTS) {
    for (const halfLength of PRIOR_HALF_LENGTHS) {
      // With no weight the half-length does not matter: one trial is enough.
      if (weight === 0 && halfLength !== PRIOR_HALF_LENGTHS[0]) continue;
      const settings = { weight, halfLength };
      const detector = createDetector({ scorer: scoreOnce, prior: settings });
      const accuracies = [everyday, ...guards].map(
        (samples) => evaluate(samples, (text) => detector.detect(text)?.language).macro,
      );
      const [everydayAccuracy, ...guarded] = accuracies as [number, ...number[]];
      const guardMean = guarded.reduce((a, b) => a + b, 0) / Math.max(1, guarded.length);
      trials.push({ settings, accuracies, score: (everydayAccuracy + guardMean) / 2 });
    }
  }
  const top = Math.max(...trials.map((trial) => trial.score));
  const lean = (trial: PriorTrial) => priorExponent(TYPICAL_MESSAGE_LETTERS, trial.settings);
  const best = trials
    .filter((trial) => trial.score >= top - SCORE_TOLERANCE)
    .reduce((a, b) => (lean(b) > lean(a) ? b : a));
  return { best, trials };
}
