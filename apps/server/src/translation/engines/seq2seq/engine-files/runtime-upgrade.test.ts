/**
 * The ONNX Runtime upgrade checklist (docs/engine.md) as tests: what the engine relies on in the
 * runtime and its Node binding beyond their documented API. A new onnxruntime-node (or a
 * transformers.js that brings its own) must pass these before it ships.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_M2M100, TINY_OPUS_MT_EN_FR, TINY_SMALL100 } from '../../../testing/tiny-models.ts';
import { TINY_NLLB } from '../../../testing/tiny-nllb.ts';
import { newKeysValuesTail, newPartOf } from './new-keys-values-tail.ts';
import { decoderPickerTail, PICKER_IO } from './picker-graph.ts';
import { writeEngineCopy } from './int8-weights.ts';
import { decoderLayout, presentNames, readModelConfig } from '../model/export-layout.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-runtime-upgrade-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ONNX Runtime upgrade checklist', () => {
  it('1. one runtime: transformers.js resolves the very onnxruntime-node the engine pins', () => {
    const serverPackage = JSON.parse(
      fs.readFileSync(path.resolve(here, '../../../../../package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    const pinned = serverPackage.dependencies['onnxruntime-node']!;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/); // exact: an upgrade is a decision, with this list
    const ours = createRequire(import.meta.url).resolve('onnxruntime-node/package.json');
    const transformers = createRequire(import.meta.url).resolve('@huggingface/transformers');
    const theirs = createRequire(transformers).resolve('onnxruntime-node/package.json');
    expect(theirs).toBe(ours);
    expect((JSON.parse(fs.readFileSync(ours, 'utf8')) as { version: string }).version).toBe(pinned);
  });

  // 2. The appended graph fields merge into the model's graph (protobuf's rule for a repeated
  // message field), and their nodes (Add, LogSoftmax, TopK, If, Slice) resolve at each family's
  // export opset, since the tail declares none of its own.
  for (const [family, folder] of [
    ['NLLB', TINY_NLLB],
    ['M2M-100', TINY_M2M100],
    ['SMaLL-100', TINY_SMALL100],
    ['OPUS-MT', TINY_OPUS_MT_EN_FR],
  ] as const) {
    it(`2. the tails appended to a ${family} decoder merge into its graph and open`, async () => {
      const { layers } = decoderLayout(readModelConfig(folder));
      const copy = path.join(dir, `${family}.onnx`);
      const append = Buffer.concat([decoderPickerTail(), newKeysValuesTail(layers)]);
      const original = path.join(folder, 'onnx/decoder_model_merged_quantized.onnx');
      expect(writeEngineCopy(original, copy, { int8: true, append }).written).toBe(true);
      const session = await ort.InferenceSession.create(copy, { logSeverityLevel: 3 });
      try {
        expect(session.outputNames).toEqual(
          expect.arrayContaining([
            PICKER_IO.values,
            PICKER_IO.tokens,
            ...presentNames(layers, 'decoder').map(newPartOf),
          ]),
        );
      } finally {
        await session.release();
      }
    });
  }

  it("3. every output of a run comes in a buffer of its own, as the cache's buffers assume", async () => {
    const { layers, heads, headDim } = decoderLayout(readModelConfig(TINY_NLLB));
    const session = await ort.InferenceSession.create(
      path.join(TINY_NLLB, 'onnx/decoder_model_merged.onnx'),
      {
        logSeverityLevel: 3,
      },
    );
    try {
      const width = heads * headDim;
      const feeds: Record<string, ort.Tensor> = {
        input_ids: new ort.Tensor('int64', BigInt64Array.from([2n, 2n]), [2, 1]),
        encoder_attention_mask: new ort.Tensor('int64', BigInt64Array.from([1n, 1n, 1n, 1n]), [2, 2]),
        encoder_hidden_states: new ort.Tensor('float32', new Float32Array(2 * 2 * width).fill(0.1), [
          2,
          2,
          width,
        ]),
        use_cache_branch: new ort.Tensor('bool', [false], [1]),
      };
      for (const name of session.inputNames.filter((n) => n.startsWith('past_key_values.')))
        feeds[name] = new ort.Tensor('float32', new Float32Array(0), [2, heads, 0, headDim]);
      const result = await session.run(feeds);
      expect(Object.keys(result).length).toBeGreaterThanOrEqual(layers * 4 + 1);
      const buffers = new Set<ArrayBufferLike>();
      for (const tensor of Object.values(result)) {
        const data = tensor.data as Float32Array;
        // decoding/decoder-cache.ts tells its own buffer from a past of its own by `.buffer` and
        // grows it in place from offset 0: a binding that handed out views into one shared buffer
        // breaks both.
        expect(data.byteOffset).toBe(0);
        expect(buffers.has(data.buffer)).toBe(false);
        buffers.add(data.buffer);
      }
    } finally {
      await session.release();
    }
  });
});
