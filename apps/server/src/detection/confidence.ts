/**
 * Turns a ranking into the confidence the API reports: the chance that the answer is right. For
 * languages the n-gram model decides, a logistic calibration fitted on the dev split maps the
 * model's probability and the text's length to that chance (see training/fit-confidence.ts); a
 * script that only one language uses is near-certain, shaded down only for a letter or two.
 */
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

/** Confidence of the best language of `ranking`. */
export function topConfidence(ranking: Ranking, weights: ConfidenceWeights = DEFAULT_CONFIDENCE): number {
  const probability = ranking.order[0]![1];
  if (!ranking.byScorer) {
    // Script decided (or the Chinese character tables): the probability, shaded for 1–3 letters.
    return probability * (ranking.letters / (ranking.letters + 0.5));
  }
  const [p, length] = confidenceFeatures(ranking);
  return sigmoid(weights[0] * p + weights[1] * length + weights[2]);
}
