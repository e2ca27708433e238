// The tied embedding's table of its own (embedding-rows.ts) on a tiny synthetic NLLB q8 in the
// published layout (made by make-synthetic-nllb.py: the decoder's Gathers read the transposed
// output projection): the copy's Gathers read the new table, the logits are equal to the bit in
// both branches of the merged decoder, and the engine translates token for token as with the
// tied copy.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveModelSource } from '../../model-source.ts';
import { Seq2SeqModel } from '../seq2seq-model.ts';
import { findTiedEmbedding, writeTransposed } from './embedding-rows.ts';
import { writeEngineCopy } from './int8-weights.ts';
import { decoderPickerTail } from './picker-graph.ts';
import { decoderStep, syntheticNllbForSuite } from './tiny-synthetic-decoder.ts';

const OPUS_MT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../test/fixtures/tiny-opus-mt-en-fr/onnx',
);
const tiny = syntheticNllbForSuite('embedding-rows');
let folder: string;
let decoder: string;
beforeAll(() => ({ folder, decoder } = tiny));

/** A copy of a tiny decoder with its weights in a data file, its embedding tied or not. */
function copy(original: string, name: string, tiedEmbedding: boolean): string {
  const target = path.join(folder, `${name}.onnx`);
  const externalData = { file: `${target}.data`, name: `${name}.onnx.data` };
  const int8 = original === decoder;
  // The float32 decoder has no weights to convert: the picker's tail makes it a copy.
  const append = int8 ? undefined : decoderPickerTail();
  expect(writeEngineCopy(original, target, { int8, append, externalData, tiedEmbedding })).toMatchObject({
    written: true,
    int8,
  });
  return target;
}

describe('findTiedEmbedding', () => {
  it("finds the decoder's Gathers of the transposed output projection, in both branches", () => {
    const rows = findTiedEmbedding(decoder);
    expect(rows).toMatchObject({ table: 'lm_head.weight_quantized', rows: 'lm_head.weight_quantize~' });
    expect(rows!.dims).toEqual([64, 1200]);
    // Per Gather: its table's name, its axis, the Transpose's three axes.
    expect(rows!.patches).toHaveLength(2 * 5);
  });

  it('finds nothing in an encoder, nor in a decoder whose embedding is not tied', () => {
    expect(findTiedEmbedding(path.join(folder, 'onnx/encoder_model_quantized.onnx'))).toBeUndefined();
    expect(findTiedEmbedding(path.join(OPUS_MT, 'decoder_model_merged_quantized.onnx'))).toBeUndefined();
  });
});

describe('writeTransposed', () => {
  it.each([1, 2, 4])('transposes a matrix of %i-byte elements in bands', (elementBytes) => {
    const [rows, columns] = [5, 1001];
    const matrix = Uint8Array.from({ length: rows * columns * elementBytes }, (_, i) => (i * 7) % 251);
    const file = path.join(folder, `matrix-${elementBytes}`);
    const at = 4096;
    fs.writeFileSync(file, Buffer.concat([Buffer.alloc(at), matrix]));
    const fd = fs.openSync(file, 'r+');
    try {
      // Bands of 100 columns at most: 11 bands, the last narrower.
      writeTransposed(
        fd,
        { from: at, to: at + matrix.length, rows, columns, elementBytes },
        rows * elementBytes * 100,
      );
    } finally {
      fs.closeSync(fd);
    }
    const written = fs.readFileSync(file).subarray(at + matrix.length);
    const expected = new Uint8Array(matrix.length);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < columns; c++)
        for (let b = 0; b < elementBytes; b++)
          expected[(c * rows + r) * elementBytes + b] = matrix[(r * columns + c) * elementBytes + b]!;
    expect(Buffer.from(written).equals(Buffer.from(expected))).toBe(true);
  });
});

describe("the decoder copy's embedding rows", () => {
  it.each(['q8', 'fp32'])(
    'gives the same logits to the bit as the tied copy and the original, in both branches (%s)',
    async (dtype) => {
      const original = dtype === 'q8' ? decoder : path.join(folder, 'onnx/decoder_model_merged.onnx');
      const untied = copy(original, `rows-${dtype}`, false);
      const tied = copy(original, `tied-${dtype}`, true);
      // The new copy's Gathers no longer read the tied matrix; the tied copy's still do.
      expect(findTiedEmbedding(untied)).toBeUndefined();
      expect(findTiedEmbedding(tied)).toBeDefined();
      const table = 64 * 1200 * (dtype === 'q8' ? 1 : 4);
      expect(fs.statSync(`${untied}.data`).size).toBeGreaterThan(
        fs.statSync(`${tied}.data`).size + table - 4096,
      );
      for (const withCache of [false, true]) {
        const logits = await decoderStep(untied, withCache);
        expect(logits.length).toBe(2 * 1200);
        expect(Array.from(logits)).toEqual(Array.from(await decoderStep(tied, withCache)));
        expect(Array.from(logits)).toEqual(Array.from(await decoderStep(original, withCache)));
      }
    },
  );

  it('translates token for token as the tied copy, through the engine', async () => {
    const source = resolveModelSource(folder, { cacheDir: '/nonexistent' });
    const sentences = ['The river bank.', 'A fox, a dog and a much longer sentence after them.'];
    const translate = async (benchCopy?: 'tied') => {
      const model = await Seq2SeqModel.load({
        source,
        copyCache: path.join(folder, `cache-${benchCopy ?? 'rows'}`),
        dtype: 'q8',
        threads: 1,
        ...(benchCopy && { benchCopy }),
      });
      try {
        // The copies opened (a copy that fails falls back to the original, which translates the same).
        expect(model.features.int8_weights.on && model.features.picks_in_decoder.on).toBe(true);
        return (await model.translate(sentences, 'eng_Latn', 'fra_Latn')).translations;
      } finally {
        await model.dispose();
      }
    };
    const texts = await translate();
    expect(texts.join('').length).toBeGreaterThan(0);
    expect(texts).toEqual(await translate('tied'));
  });
});
