/**
 * Trains the n-gram model: multinomial naive Bayes with additive smoothing, per language and per
 * n-gram order. With P(g|L) = (c + α) / (N + αV), the gain of a seen n-gram over an unseen one is
 * log(1 + c/α): it depends on the count alone, so it quantises into one byte, and everything that
 * depends on the amount of text (N) folds into the per-language "unseen" log-probability.
 */
import type { ModelArrays, ModelHeader } from '../../../src/detection/model-format.ts';
import { forEachNgram, prepareText } from '../../../src/detection/ngram-features.ts';

export interface TrainingOptions {
  alpha: number;
  maxOrder: number;
  /** n-grams seen fewer times in a language are dropped from it (they then count as unseen). */
  minCount: number;
  /** Quantisation: weights are stored in units of 1/scale nats. */
  scale: number;
  /** How much each text of a language counts (default 1): to give sparse sources a fair voice. */
  weightOf?: (language: string) => number;
}

export const DEFAULT_TRAINING: TrainingOptions = { alpha: 0.25, maxOrder: 5, minCount: 1, scale: 16 };

export function trainNaiveBayes(
  textsByLanguage: Map<string, string[]>,
  options: TrainingOptions,
  trainedOn: string,
): { header: Omit<ModelHeader, 'sharpness' | 'bias'>; arrays: ModelArrays } {
  const languages = [...textsByLanguage.keys()].sort();
  if (languages.length > 255) throw new Error('The model format holds at most 255 languages');
  // counts[language][order]: n-gram hash → count.
  const counts = languages.map(() =>
    Array.from({ length: options.maxOrder + 1 }, () => new Map<number, number>()),
  );
  const totals = languages.map(() => new Float64Array(options.maxOrder + 1));
  const vocabulary = Array.from({ length: options.maxOrder + 1 }, () => new Set<number>());

  languages.forEach((language, index) => {
    const weight = options.weightOf?.(language) ?? 1;
    for (const text of textsByLanguage.get(language)!) {
      forEachNgram(prepareText(text), options.maxOrder, (hash, order) => {
        const map = counts[index]![order]!;
        map.set(hash, (map.get(hash) ?? 0) + weight);
        totals[index]![order]! += weight;
        vocabulary[order]!.add(hash);
      });
    }
  });

  const unseen = languages.map((_, index) =>
    Array.from({ length: options.maxOrder }, (_, orderIndex) => {
      const order = orderIndex + 1;
      const size = vocabulary[order]!.size;
      return Math.log(options.alpha / (totals[index]![order]! + options.alpha * size));
    }),
  );

  // key → list of [language index, quantised gain]
  const entries = new Map<number, [number, number][]>();
  languages.forEach((_, index) => {
    for (let order = 1; order <= options.maxOrder; order++) {
      for (const [hash, count] of counts[index]![order]!) {
        if (count < options.minCount) continue;
        const gain = Math.round(Math.log(1 + count / options.alpha) * options.scale);
        if (gain <= 0) continue;
        const list = entries.get(hash) ?? [];
        const existing = list.find(([language]) => language === index);
        // Two orders hashing alike (rare): keep the stronger evidence.
        if (existing) existing[1] = Math.max(existing[1], Math.min(255, gain));
        else list.push([index, Math.min(255, gain)]);
        entries.set(hash, list);
      }
    }
  });

  const keys = Uint32Array.from(entries.keys()).sort();
  const offsets = new Uint32Array(keys.length + 1);
  let entryCount = 0;
  keys.forEach((key, index) => {
    offsets[index] = entryCount;
    entryCount += entries.get(key)!.length;
  });
  offsets[keys.length] = entryCount;
  const entryLanguages = new Uint8Array(entryCount);
  const entryWeights = new Uint8Array(entryCount);
  keys.forEach((key, index) => {
    let position = offsets[index]!;
    for (const [language, gain] of entries.get(key)!.sort((a, b) => a[0] - b[0])) {
      entryLanguages[position] = language;
      entryWeights[position] = gain;
      position++;
    }
  });

  return {
    header: {
      languages,
      maxOrder: options.maxOrder,
      scale: options.scale,
      unseen: unseen.map((row) => row.map((value) => Math.round(value * 1e4) / 1e4)),
      keyCount: keys.length,
      entryCount,
      trainedOn,
    },
    arrays: { keys, offsets, entryLanguages, entryWeights },
  };
}
