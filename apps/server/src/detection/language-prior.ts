/**
 * A prior over languages: how likely a language is before the text is read. The n-gram model
 * answers "which language's text looks most like this", with every language equally likely, which
 * is right for long text and wrong for a greeting: "olá, tudo bem?" fits Cape Verdean Creole as well
 * as Portuguese, and three hundred times more people write Portuguese. So each candidate's
 * probability is multiplied by speakers^λ (speakers.ts), with λ falling as the text grows: a few
 * words lean to the widely used language, a paragraph is decided by the model alone.
 */
import type { LanguageScores } from './language-scores.ts';
import { normalise } from './language-scores.ts';
import { SPEAKERS_MILLIONS } from './speakers.ts';

/** λ(letters) = weight · halfLength / (halfLength + letters). */
export interface PriorSettings {
  /** Exponent of the speaker count for a text of no length; 0 turns the prior off. */
  weight: number;
  /** Letters at which the exponent has fallen to half. */
  halfLength: number;
}

/** The shipped model's tuned settings; used when a model file (or the franc fallback) brings none. */
export const DEFAULT_PRIOR: PriorSettings = { weight: 0.25, halfLength: 6 };

// Below this, counts are too rough to rank languages by: every small language weighs the same.
const MIN_SPEAKERS_MILLIONS = 0.1;
const LOG_SPEAKERS = new Map(
  Object.entries(SPEAKERS_MILLIONS).map(([code, millions]) => [
    code,
    Math.log(Math.max(MIN_SPEAKERS_MILLIONS, millions)),
  ]),
);
const LOG_FLOOR = Math.log(MIN_SPEAKERS_MILLIONS);

/** The exponent of the speaker count for a text of `letters` letters. */
export function priorExponent(letters: number, settings: PriorSettings): number {
  return (settings.weight * settings.halfLength) / (settings.halfLength + letters);
}

/** `scores` times each language's speakers^λ(letters), renormalised. */
export function applyPrior(scores: LanguageScores, letters: number, settings: PriorSettings): LanguageScores {
  const exponent = priorExponent(letters, settings);
  if (exponent <= 0 || scores.size < 2) return scores;
  const weighted: LanguageScores = new Map();
  for (const [code, probability] of scores) {
    // Relative to the floor, so that factors stay ≥ 1 and never underflow a small probability.
    const lift = (LOG_SPEAKERS.get(code) ?? LOG_FLOOR) - LOG_FLOOR;
    weighted.set(code, probability * Math.exp(exponent * lift));
  }
  return normalise(weighted);
}
