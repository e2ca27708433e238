import { describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { decodeModel, encodeModel } from './model-format.ts';
import type { ModelHeader } from './model-format.ts';
import { NgramModel } from './ngram-model.ts';
import { trainNaiveBayes } from '../../scripts/detector-training/training/naive-bayes.ts';

describe('model file', () => {
  it('round-trips header and tables', () => {
    const { header, arrays } = trainNaiveBayes(
      new Map([
        ['eng_Latn', ['the cat sat on the mat', 'the dog and the cat']],
        ['fra_Latn', ['le chat est sur le tapis', 'le chien et le chat']],
      ]),
      { alpha: 0.5, maxOrder: 3, minCount: 1, scale: 16 },
      'test',
    );
    const full: ModelHeader = { ...header, sharpness: 0.5, bias: [0, 0.1], confidence: [1, 0.5, -1] };
    const decoded = decodeModel(brotliDecompressSync(encodeModel(full, arrays)));
    expect(decoded.header).toEqual(full);
    expect([...decoded.arrays.keys]).toEqual([...arrays.keys]);
    expect([...decoded.arrays.entryWeights]).toEqual([...arrays.entryWeights]);

    const model = new NgramModel(decoded.header, decoded.arrays);
    const english = model.probabilities('the cat and the dog', ['eng_Latn', 'fra_Latn'])!;
    expect(english.get('eng_Latn')!).toBeGreaterThan(english.get('fra_Latn')!);
    const french = model.probabilities('le chat et le chien', ['eng_Latn', 'fra_Latn'])!;
    expect(french.get('fra_Latn')!).toBeGreaterThan(french.get('eng_Latn')!);
  });

  it('refuses a file that is not a model', () => {
    expect(() => decodeModel(Buffer.from('not a model at all'))).toThrow(/Not a Sema language model/);
  });
});
