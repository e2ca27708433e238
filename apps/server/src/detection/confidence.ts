/**
 * Turns a ranking into the confidence the API reports: the chance that the answer is right. For
 * languages the n-gram model decides, a logistic calibration fitted on the dev split maps the
 * model's probability and the text's length to that chance (see training/fit-confidence.ts); a
 * script that only one language uses is near-certain, shaded down only for a letter or two.
 *
 * Between close relatives (close-relatives.ts) a few words cannot settle the answer whatever the
 * model says: naive Bayes counts every overlapping n-gram of a word as independent evidence, so on
 * a greeting it can be 97 % sure of Cape Verdean Creole for Portuguese. When the runner-up is a
 * close relative, the confidence therefore stays under a ceiling that rises with the length.
 */
import { areCloseRelatives, pairCeiling } from './close-relatives.ts';
import type { Ranking } from './ranking.ts';

/** Weights of logit(confidence) = w0·logit(p) + w1·ln(letters) + w2. */
export type ConfidenceWeights = [number, number, number];

/** Used until a model brings its own fit (and for the franc fallback): moderate, length-aware. */
export const DEFAULT_CONFIDENCE: ConfidenceWeights = [0.5, 0.8, -1.5];

const CLIP = 12;

export function logit(probability: number): number {
  const p = Math.min(1 - 1e-6, Math.max(1e-6, probability));
  return Math.max(-CLIP, Math.min(CLIP, Math.log(p / (1 - p))));
}

const sigmoid = (value: number) => 1 / (1 + Math.exp(-value));

/** The calibration inputs of a ranking: what the fit sees and what the detector applies. */
export function confidenceFeatures(ranking: Ranking): [number, number] {
  return [logit(ranking.order[0]![1]), Math.log(Math.max(1, ranking.letters))];
}

// ceiling(letters) = 1 - A·exp(-letters/SCALE): two words (~10 letters) at most 0.85, a sentence of
// 60 letters at most 0.97, a paragraph unconstrained. Chosen, not fitted: on dev text like the
// training text the model is rarely wrong when sure, but on everyday messages it is.
const CEILING_GAP = 0.21;
const CEILING_SCALE = 31;

/** The most a ranking whose runner-up is a close relative may claim, for `letters` letters. */
export function relativesCeiling(letters: number): number {
  return 1 - CEILING_GAP * Math.exp(-letters / CEILING_SCALE);
}

/** Whether the two best languages of a scorer's ranking are close relatives. */
function runnerUpIsRelative(ranking: Ranking): boolean {
  const [first, second] = ranking.order;
  return first !== undefined && second !== undefined && areCloseRelatives(first[0], second[0]);
}

/** Confidence of the best language of `ranking`. */
export function topConfidence(ranking: Ranking, weights: ConfidenceWeights = DEFAULT_CONFIDENCE): number {
  const probability = ranking.order[0]![1];
  if (!ranking.byScorer) {
    // Script decided (or the Chinese character tables): the probability, shaded for 1–3 letters.
    return probability * (ranking.letters / (ranking.letters + 0.5));
  }
  const [p, length] = confidenceFeatures(ranking);
  const calibrated = sigmoid(weights[0] * p + weights[1] * length + weights[2]);
  if (!runnerUpIsRelative(ranking)) return calibrated;
  const [[answer], [runnerUp]] = ranking.order as [[string, number], [string, number]];
  return Math.min(calibrated, relativesCeiling(ranking.letters), pairCeiling(answer, runnerUp));
}
