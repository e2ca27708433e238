/**
 * Whether a model quantized on this machine (quantize-float32.ts) translates as its float32
 * original does: both are loaded through the engine, one after the other (the float32 one is
 * large), and decode the same sample sentences greedily; the token ids they produce are compared.
 *
 * Tolerance: quantization moves every logit a little, so where two tokens were nearly tied the
 * choice may flip and the rest of that sentence differ. The check passes when at least
 * `CHECK_TOLERANCE.identical` of the `CHECK_SENTENCES.length` sentences come out identical token
 * for token, and every sentence agrees on its first `CHECK_TOLERANCE.prefix` tokens (or all of
 * them, when shorter): a broken conversion (a wrong scale, a swapped weight) changes every
 * sentence from its first tokens, which this refuses.
 */
import type { ModelSource } from '../../model-source.ts';

/** English sentences, each translated into the languages the checks name. */
export const CHECK_SENTENCES = [
  'The clinic opens at eight in the morning and closes at six.',
  'Please bring your identity card and the letter we sent you.',
  'Rain is expected tomorrow in the north of the country.',
  'The children walked to school together along the river.',
  'Prices of maize and beans rose again this week.',
  'Wash your hands with soap before you eat.',
  'The meeting was moved to Thursday because of the holiday.',
  'She has lived in this village for twenty years.',
] as const;

/** The directions the samples go in: English into languages Sema exists for, and one back. */
export const CHECK_TARGETS = ['swh_Latn', 'som_Latn', 'hau_Latn', 'fra_Latn'] as const;

export const CHECK_TOLERANCE = { identical: 0.75, prefix: 4 } as const;

export interface CheckResult {
  passed: boolean;
  /** Sentences (× target languages) compared, and those identical token for token. */
  compared: number;
  identical: number;
  /** Those whose first tokens differ: the sign of a broken conversion. */
  earlyDifferences: number;
  /** The rule applied, in words (for the manifest and the operator). */
  rule: string;
}

/** Compares the token ids of the two models' outputs, row by row, under the tolerance. */
export function compareOutputs(
  reference: readonly (readonly number[])[],
  candidate: readonly (readonly number[])[],
): CheckResult {
  let identical = 0;
  let earlyDifferences = 0;
  reference.forEach((tokens, row) => {
    const other = candidate[row] ?? [];
    if (tokens.length === other.length && tokens.every((token, i) => token === other[i])) identical++;
    const start = tokens.slice(0, CHECK_TOLERANCE.prefix);
    const otherStart = other.slice(0, CHECK_TOLERANCE.prefix);
    const sameStart =
      start.length === otherStart.length && start.every((token, i) => token === otherStart[i]);
    if (!sameStart) earlyDifferences++;
  });
  const compared = reference.length;
  const needed = Math.ceil(CHECK_TOLERANCE.identical * compared);
  return {
    passed: compared > 0 && identical >= needed && earlyDifferences === 0,
    compared,
    identical,
    earlyDifferences,
    rule: `at least ${needed} of ${compared} greedy outputs identical token for token, and all agree on their first ${CHECK_TOLERANCE.prefix} tokens`,
  };
}

/**
 * Greedy token ids of a model for the samples into every check target, loading it through the
 * engine (`dtype` picks its files: fp32 the original, q8 the quantized one, which the engine opens
 * as its int8 copy) and letting it go before returning.
 */
export async function sampleOutputs(
  source: ModelSource,
  dtype: 'fp32' | 'q8',
  threads: number,
  copyCache: string,
): Promise<{ outputs: number[][]; int8: boolean; seconds: number }> {
  const { Seq2SeqModel } = await import('../seq2seq-model.ts');
  const started = performance.now();
  // The float32 export's weights live in files beside its graphs: the engine's own copy of the
  // decoder (with the picker's nodes) would be written elsewhere and not find them, so the
  // picker runs outside the graph for both (the same picks, compared the same way).
  const model = await Seq2SeqModel.load({ source, dtype, threads, picker: 'runtime', copyCache });
  try {
    const outputs: number[][] = [];
    for (const target of CHECK_TARGETS) {
      const { job } = model.prepare(CHECK_SENTENCES, 'eng_Latn', target);
      const { outputs: rows } = await model.generate(job.rows, job.forcedPrefix[0]!);
      outputs.push(...rows);
    }
    return { outputs, int8: model.features.int8_weights.on, seconds: (performance.now() - started) / 1000 };
  } finally {
    await model.dispose();
  }
}
