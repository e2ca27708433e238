/**
 * Our own character n-gram model (naive Bayes over hashed n-grams of orders 1..5), trained by
 * `scripts/train-detector.ts` on the UDHR training split. Scores only the candidates it is asked
 * about, so a script rule can narrow the field first.
 */
import type { LanguageScores } from './language-scores.ts';
import { softmax } from './language-scores.ts';
import type { ModelArrays, ModelHeader } from './model-format.ts';
import { decodeModel } from './model-format.ts';
import { forEachNgram, prepareText } from './ngram-features.ts';

/** Spreads FNV hashes over the table; the low bits of FNV alone cluster. */
const GOLDEN = 0x9e3779b1;

export class NgramModel {
  readonly header: ModelHeader;
  private readonly arrays: ModelArrays;
  private readonly languageIndex: Map<string, number>;
  /** Open-addressing table: 1 + key index, 0 = empty. */
  private readonly table: Int32Array;
  private readonly shift: number;
  private readonly mask: number;
  private readonly sums: Float64Array;
  private readonly orderCounts: Int32Array;

  constructor(header: ModelHeader, arrays: ModelArrays) {
    this.header = header;
    this.arrays = arrays;
    this.languageIndex = new Map(header.languages.map((code, index) => [code, index]));
    const bits = Math.max(4, Math.ceil(Math.log2(header.keyCount * 2 + 1)));
    this.table = new Int32Array(1 << bits);
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
    const { keys } = arrays;
    for (let index = 0; index < keys.length; index++) {
      let slot = Math.imul(keys[index]!, GOLDEN) >>> this.shift;
      while (this.table[slot] !== 0) slot = (slot + 1) & this.mask;
      this.table[slot] = index + 1;
    }
    this.sums = new Float64Array(header.languages.length);
    this.orderCounts = new Int32Array(header.maxOrder + 1);
  }

  /** The model in a decompressed model file. */
  static fromBuffer(raw: Buffer): NgramModel {
    const { header, arrays } = decodeModel(raw);
    return new NgramModel(header, arrays);
  }

  /** The same model with other calibration (the tables are shared, not copied). */
  withCalibration(sharpness: number, bias: number[]): NgramModel {
    return new NgramModel({ ...this.header, sharpness, bias }, this.arrays);
  }

  /** Whether the model was trained on this catalogue language. */
  knows(code: string): boolean {
    return this.languageIndex.has(code);
  }

  private lookup(hash: number): number {
    const { keys } = this.arrays;
    let slot = Math.imul(hash, GOLDEN) >>> this.shift;
    for (;;) {
      const entry = this.table[slot]!;
      if (entry === 0) return -1;
      if (keys[entry - 1] === hash) return entry - 1;
      slot = (slot + 1) & this.mask;
    }
  }

  /**
   * Log-likelihood per known candidate, or null when the text has no n-grams or the model knows none
   * of the candidates. `ngrams` receives the number of n-grams counted.
   */
  logLikelihoods(
    text: string,
    candidates: readonly string[],
  ): { scores: LanguageScores; ngrams: number } | null {
    const indices: number[] = [];
    for (const code of candidates) {
      const index = this.languageIndex.get(code);
      if (index !== undefined) indices.push(index);
    }
    const prepared = prepareText(text);
    if (indices.length === 0 || prepared.length === 0) return null;
    const { sums, orderCounts } = this;
    const { offsets, entryLanguages, entryWeights } = this.arrays;
    sums.fill(0);
    orderCounts.fill(0);
    forEachNgram(prepared, this.header.maxOrder, (hash, order) => {
      orderCounts[order]!++;
      const key = this.lookup(hash);
      if (key < 0) return;
      for (let entry = offsets[key]!, end = offsets[key + 1]!; entry < end; entry++) {
        sums[entryLanguages[entry]!]! += entryWeights[entry]!;
      }
    });
    let ngrams = 0;
    for (let order = 1; order <= this.header.maxOrder; order++) ngrams += orderCounts[order]!;
    if (ngrams === 0) return null;
    const scores: LanguageScores = new Map();
    for (const index of indices) {
      let total = sums[index]! / this.header.scale;
      const unseen = this.header.unseen[index]!;
      for (let order = 1; order <= this.header.maxOrder; order++)
        total += orderCounts[order]! * unseen[order - 1]!;
      scores.set(this.header.languages[index]!, total);
    }
    return { scores, ngrams };
  }

  /** Probabilities over the candidates the model knows (null as for {@link logLikelihoods}). */
  probabilities(text: string, candidates: readonly string[]): LanguageScores | null {
    const result = this.logLikelihoods(text, candidates);
    if (!result) return null;
    const { sharpness, bias } = this.header;
    const tempered: LanguageScores = new Map();
    for (const [code, value] of result.scores) {
      tempered.set(code, value * sharpness + (bias[this.languageIndex.get(code)!] ?? 0));
    }
    return softmax(tempered);
  }
}
