/**
 * For the tests of the engine's copies: a tiny synthetic NLLB in the published layout
 * (make-synthetic-nllb.py `--size tiny`: width 64, 4 heads, 1,200 tokens; its q8 decoder runs the
 * int8 matmul kernels), and the logits of one step of a decoder on fixed inputs, so that two copies
 * of one decoder can be compared to the bit.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ort from 'onnxruntime-node';
import { afterAll, beforeAll } from 'vitest';
import { PICKER_IO } from './picker-graph.ts';

const GENERATOR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../scripts/make-synthetic-nllb.py',
);

/**
 * For the calling suite: the model generated in a temporary folder before its tests (q8 and fp32),
 * removed after them. Read `folder` and `decoder` (the q8 decoder) inside hooks and tests.
 */
export function syntheticNllbForSuite(name: string): { folder: string; decoder: string } {
  let folder: string | undefined;
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), `sema-${name}-`));
    execFileSync('/usr/bin/python3', [GENERATOR, folder, '--size', 'tiny', '--dtypes', 'q8,fp32'], {
      stdio: 'pipe',
    });
  }, 120_000);
  afterAll(() => folder && fs.rmSync(folder, { recursive: true, force: true }));
  const generated = () => {
    if (!folder) throw new Error('The model is generated before the suite runs: read it in a hook or a test');
    return folder;
  };
  return {
    get folder() {
      return generated();
    },
    get decoder() {
      return path.join(generated(), 'onnx/decoder_model_merged_quantized.onnx');
    },
  };
}

/** Logits of one step: the first (no cache, `else` branch) or one after a past of 1 (`then` branch). */
export async function decoderStep(file: string, withCache: boolean): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(file, { logSeverityLevel: 3 });
  try {
    const [rows, sourceLength, width, heads] = [2, 3, 64, 4];
    const wave = (length: number, phase: number) =>
      Float32Array.from({ length }, (_, i) => Math.sin(i * 0.37 + phase));
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', BigInt64Array.from([5n, 1103n]), [rows, 1]),
      encoder_attention_mask: new ort.Tensor('int64', BigInt64Array.from([1n, 1n, 1n, 1n, 1n, 0n]), [
        rows,
        3,
      ]),
      encoder_hidden_states: new ort.Tensor('float32', wave(rows * sourceLength * width, 0), [
        rows,
        3,
        width,
      ]),
      use_cache_branch: new ort.Tensor('bool', [withCache], [1]),
    };
    for (const name of session.inputNames.filter((n) => n.startsWith('past_key_values.'))) {
      const length = !withCache ? 0 : name.includes('.encoder.') ? sourceLength : 1;
      const size = rows * heads * length * (width / heads);
      feeds[name] = new ort.Tensor('float32', wave(size, name.length), [rows, heads, length, width / heads]);
    }
    if (session.inputNames.includes(PICKER_IO.bias)) {
      // The float32 copy's picker tail (the q8 copies have none here): its inputs, any values.
      feeds[PICKER_IO.bias] = new ort.Tensor('float32', new Float32Array(1200), [1200]);
      feeds[PICKER_IO.count] = new ort.Tensor('int64', BigInt64Array.of(1n), [1]);
      feeds[PICKER_IO.logProbs] = new ort.Tensor('bool', [false], [1]);
    }
    return (await session.run(feeds, ['logits'])).logits!.data as Float32Array;
  } finally {
    await session.release();
  }
}
