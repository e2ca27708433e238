import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_FROM } from './external-weights.ts';
import { writeEngineCopy } from './int8-weights.ts';
import { decoderPickerTail, PICKER_IO } from './picker-graph.ts';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../test/fixtures/tiny-opus-mt-en-fr/onnx',
);
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-int8-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The first decoder step of the tiny OPUS-MT model: logits for 2 rows of 3 source positions. */
async function firstStep(file: string): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(file);
  try {
    const heads = 2;
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', BigInt64Array.from([5n, 9n]), [2, 1]),
      encoder_attention_mask: new ort.Tensor('int64', BigInt64Array.from([1n, 1n, 1n, 1n, 1n, 0n]), [2, 3]),
      use_cache_branch: new ort.Tensor('bool', [false], [1]),
    };
    const width = 32; // the fixture's d_model (config.json), 2 heads
    feeds.encoder_hidden_states = new ort.Tensor(
      'float32',
      Float32Array.from({ length: 2 * 3 * width }, (_, i) => Math.sin(i)),
      [2, 3, width],
    );
    for (const name of session.inputNames.filter((n) => n.startsWith('past_key_values.'))) {
      feeds[name] = new ort.Tensor('float32', new Float32Array(0), [2, heads, 0, width / heads]);
    }
    const out = await session.run(feeds);
    return out.logits!.data as Float32Array;
  } finally {
    await session.release();
  }
}

describe('writeEngineCopy', () => {
  it('writes a copy whose uint8 weights are int8, and the model computes the same logits to the bit', async () => {
    const original = path.join(FIXTURE, 'decoder_model_merged_quantized.onnx');
    const copy = path.join(dir, 'decoder.int8.onnx');
    expect(writeEngineCopy(original, copy, { int8: true })).toEqual({ written: true, int8: true });
    const before = fs.readFileSync(original);
    const after = fs.readFileSync(copy);
    expect(after.length).toBe(before.length);
    expect(after.equals(before)).toBe(false);
    const logits = await firstStep(copy);
    expect(logits.length).toBeGreaterThan(0);
    expect(Array.from(logits)).toEqual(Array.from(await firstStep(original)));
  });

  it('writes the large weights to a data file ONNX Runtime maps, with the same logits to the bit', async () => {
    const original = path.join(FIXTURE, 'decoder_model_merged_quantized.onnx');
    const copy = path.join(dir, 'moved', 'decoder.int8.onnx');
    fs.mkdirSync(path.dirname(copy));
    const data = { file: path.join(dir, 'data-written-here'), name: 'decoder.int8.onnx.data' };
    expect(writeEngineCopy(original, copy, { int8: true, externalData: data })).toEqual({
      written: true,
      int8: true,
    });
    // Moved where the copy names it (as the copy cache renames it into place).
    fs.renameSync(data.file, path.join(path.dirname(copy), data.name));
    const dataBytes = fs.statSync(path.join(path.dirname(copy), data.name)).size;
    expect(dataBytes).toBeGreaterThan(EXTERNAL_FROM);
    expect(fs.statSync(copy).size).toBeLessThan(fs.statSync(original).size - EXTERNAL_FROM);
    expect(Array.from(await firstStep(copy))).toEqual(Array.from(await firstStep(original)));
  });

  it('keeps a file without uint8 weights as it is, writes nothing and says why', () => {
    const original = path.join(FIXTURE, 'decoder_model_merged.onnx');
    const copy = path.join(dir, 'fp32.int8.onnx');
    expect(writeEngineCopy(original, copy, { int8: true })).toEqual({
      written: false,
      int8: false,
      why: 'it has no uint8 weights',
    });
    expect(fs.existsSync(copy)).toBe(false);
  });
});

describe('writeEngineCopy with bytes to append', () => {
  it("copies a file it does not convert, with the token picker's nodes after its end, and the copy opens", async () => {
    const original = path.join(FIXTURE, 'decoder_model_merged.onnx');
    const copy = path.join(dir, 'fp32.picker.onnx');
    const tail = decoderPickerTail();
    expect(writeEngineCopy(original, copy, { int8: false, append: tail })).toMatchObject({
      written: true,
      int8: false,
    });
    expect(fs.statSync(copy).size).toBe(fs.statSync(original).size + tail.length);
    const session = await ort.InferenceSession.create(copy);
    try {
      expect(session.outputNames).toEqual(expect.arrayContaining([PICKER_IO.values, PICKER_IO.tokens]));
      expect(session.inputNames).toEqual(expect.arrayContaining([PICKER_IO.bias, PICKER_IO.count]));
    } finally {
      await session.release();
    }
  });
});
