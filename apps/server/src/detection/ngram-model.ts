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
  /**
   * Open-addressing table of slot pairs: [n-gram hash, first entry << 8 | entry count]; a count of 0
   * is an empty slot (every key has at least one entry). The hash and where its entries are sit in
   * one cache line, so a lookup costs one memory read where keys → offsets → entries cost three.
   */
  private readonly table: Int32Array;
  /** Each entry as language | weight << 8: one read per entry instead of two arrays. */
  private readonly entries: Uint16Array;
  private readonly shift: number;
  private readonly mask: number;
  private readonly sums: Float64Array;
  private readonly orderCounts: Int32Array;

  constructor(header: ModelHeader, arrays: ModelArrays) {
    this.header = header;
    this.arrays = arrays;
    this.languageIndex = new Map(header.languages.map((code, index) => [code, index]));
    const bits = Math.max(4, Math.ceil(Math.log2(header.keyCount * 2 + 1)));
    this.table = new Int32Array(2 << bits);
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
    const { keys, offsets, entryLanguages, entryWeights } = arrays;
    if (header.entryCount >= 1 << 24) throw new Error('The model has too many entries for its lookup table');
    for (let index = 0; index < keys.length; index++) {
      let slot = Math.imul(keys[index]!, GOLDEN) >>> this.shift;
      while ((this.table[2 * slot + 1]! & 0xff) !== 0) slot = (slot + 1) & this.mask;
      const count = offsets[index + 1]! - offsets[index]!;
      if (count < 1 || count > 255)
        throw new Error(`Model key ${index} has ${count} entries (1–255 allowed)`);
      this.table[2 * slot] = keys[index]! | 0;
      this.table[2 * slot + 1] = (offsets[index]! << 8) | count;
    }
    this.entries = new Uint16Array(header.entryCount);
    for (let entry = 0; entry < header.entryCount; entry++)
      this.entries[entry] = entryLanguages[entry]! | (entryWeights[entry]! << 8);
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

  /** Where the entries of an n-gram are (first entry << 8 | count), or 0 if the model lacks it. */
  private lookup(hash: number): number {
    const { table } = this;
    const signed = hash | 0;
    let slot = Math.imul(hash, GOLDEN) >>> this.shift;
    for (;;) {
      const where = table[2 * slot + 1]!;
      if (where === 0) return 0;
      if (table[2 * slot] === signed) return where;
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
    const { sums, orderCounts, entries } = this;
    sums.fill(0);
    orderCounts.fill(0);
    forEachNgram(prepared, this.header.maxOrder, (hash, order) => {
      orderCounts[order]!++;
      const where = this.lookup(hash);
      if (where === 0) return;
      for (let entry = where >>> 8, end = entry + (where & 0xff); entry < end; entry++) {
        const packed = entries[entry]!;
        sums[packed & 0xff]! += packed >>> 8;
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
