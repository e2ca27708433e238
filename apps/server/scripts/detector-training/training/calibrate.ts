/**
 * Calibration of the n-gram model on the dev split: one sharpness (how peaked the probabilities are)
 * and one bias per language (naive Bayes favours languages with little or list-like training text,
 * because their "unseen" probability is high; a bias learnt on held-out text corrects that).
 */
import type { NgramModel } from '../../../src/detection/ngram-model.ts';
import { SHARED_SCRIPTS, scriptOfLanguage } from '../../../src/detection/script-languages.ts';

export interface CalibrationSample {
  language: string;
  text: string;
}

interface Scored {
  /** Index of the right language in `candidates`. */
  truth: number;
  /** Model language indices of the candidates. */
  candidates: number[];
  logLikelihoods: Float64Array;
  /** Macro weighting: each language's samples together weigh 1. */
  weight: number;
}

function score(model: NgramModel, samples: readonly CalibrationSample[]): Scored[] {
  const languages = model.header.languages;
  const indexOf = new Map(languages.map((code, index) => [code, index]));
  const perLanguage = new Map<string, number>();
  for (const { language } of samples) perLanguage.set(language, (perLanguage.get(language) ?? 0) + 1);
  const result: Scored[] = [];
  for (const { language, text } of samples) {
    const group = (SHARED_SCRIPTS[scriptOfLanguage(language)] ?? []).filter((code) => indexOf.has(code));
    if (group.length < 2 || !indexOf.has(language)) continue;
    const scored = model.logLikelihoods(text, group);
    if (!scored) continue;
    result.push({
      truth: group.indexOf(language),
      candidates: group.map((code) => indexOf.get(code)!),
      logLikelihoods: Float64Array.from(group.map((code) => scored.scores.get(code)!)),
      weight: 1 / perLanguage.get(language)!,
    });
  }
  return result;
}

function logLoss(samples: readonly Scored[], sharpness: number, bias: Float64Array): number {
  let loss = 0;
  let weights = 0;
  for (const sample of samples) {
    let max = -Infinity;
    const values = sample.candidates.map((language, index) => {
      const value = sample.logLikelihoods[index]! * sharpness + bias[language]!;
      max = Math.max(max, value);
      return value;
    });
    let sum = 0;
    for (const value of values) sum += Math.exp(value - max);
    loss += sample.weight * -(values[sample.truth]! - max - Math.log(sum));
    weights += sample.weight;
  }
  return loss / weights;
}

function tuneSharpness(samples: readonly Scored[], bias: Float64Array): number {
  let best = { sharpness: 1, loss: Infinity };
  for (let sharpness = 0.01; sharpness <= 2; sharpness *= 1.1) {
    const loss = logLoss(samples, sharpness, bias);
    if (loss < best.loss) best = { sharpness, loss };
  }
  return best.sharpness;
}

/**
 * Perceptron on the biases alone: a wrong answer moves weight from the language that won to the
 * right one, scaled so that every language counts the same however many samples it has.
 */
function tuneBiases(
  samples: readonly Scored[],
  sharpness: number,
  languageCount: number,
  epochs = 30,
): Float64Array {
  const bias = new Float64Array(languageCount);
  const average = new Float64Array(languageCount);
  for (let epoch = 0; epoch < epochs; epoch++) {
    const rate = 2 / (1 + epoch);
    for (const sample of samples) {
      let best = 0;
      let bestValue = -Infinity;
      sample.candidates.forEach((language, index) => {
        const value = sample.logLikelihoods[index]! * sharpness + bias[language]!;
        if (value > bestValue) {
          bestValue = value;
          best = index;
        }
      });
      if (best === sample.truth) continue;
      const step = rate * sample.weight;
      bias[sample.candidates[sample.truth]!]! += step;
      bias[sample.candidates[best]!]! -= step;
    }
    for (let index = 0; index < languageCount; index++) average[index]! += bias[index]!;
  }
  // Averaged perceptron: steadier than the last state.
  return average.map((value) => value / epochs);
}

export function calibrate(
  model: NgramModel,
  samples: readonly CalibrationSample[],
): { sharpness: number; bias: number[]; logLoss: number } {
  const scored = score(model, samples);
  const languageCount = model.header.languages.length;
  let bias: Float64Array = new Float64Array(languageCount);
  let sharpness = tuneSharpness(scored, bias);
  bias = tuneBiases(scored, sharpness, languageCount);
  sharpness = tuneSharpness(scored, bias);
  return {
    sharpness: Math.round(sharpness * 1e4) / 1e4,
    bias: [...bias].map((value) => Math.round(value * 1e3) / 1e3),
    logLoss: logLoss(scored, sharpness, bias),
  };
}
