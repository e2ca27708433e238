/** A probability per catalogue language; the common currency of every detection step. */
export type LanguageScores = Map<string, number>;

/** The same scores scaled to sum to 1 (unchanged when they sum to 0). */
export function normalise(scores: LanguageScores): LanguageScores {
  let total = 0;
  for (const value of scores.values()) total += value;
  if (total <= 0) return scores;
  const result: LanguageScores = new Map();
  for (const [language, value] of scores) result.set(language, value / total);
  return result;
}

/** Probabilities from log-scores, without overflow: the softmax of `logScores`. */
export function softmax(logScores: LanguageScores): LanguageScores {
  let max = -Infinity;
  for (const value of logScores.values()) if (value > max) max = value;
  const result: LanguageScores = new Map();
  for (const [language, value] of logScores) result.set(language, Math.exp(value - max));
  return normalise(result);
}

/** Languages from most to least likely. */
export function ranked(scores: LanguageScores): [string, number][] {
  return [...scores].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
