// The quantizer on a tiny model of the float32 NLLB distilled 1.3B export's layout (weights in
// external files, position tables as Constant nodes in files of their own): the quantized encoder
// computes what the float32 one does, within quantization's error, and has the layout the engine
// converts to int8.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEngineCopy } from '../engine-files/int8-weights.ts';
import { externalDataFiles, quantizeFloat32Model, quantizeUint8 } from './quantize-float32.ts';

const GENERATOR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../scripts/make-synthetic-nllb.py',
);
let folder: string;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-quantize-'));
  execFileSync(
    '/usr/bin/python3',
    [GENERATOR, folder, '--size', 'tiny', '--dtypes', 'fp32', '--external-data'],
    {
      stdio: 'pipe',
    },
  );
}, 120_000);
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

async function encode(file: string): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(file, { logSeverityLevel: 3 });
  try {
    const ids = [5n, 300n, 301n, 302n, 400n, 2n]; // within the tiny model's 1,200-token vocabulary
    const inputs = {
      input_ids: new ort.Tensor('int64', BigInt64Array.from(ids), [1, ids.length]),
      attention_mask: new ort.Tensor('int64', BigInt64Array.from(ids.map(() => 1n)), [1, ids.length]),
    };
    const result = await session.run(inputs);
    return result[session.outputNames[0]!]!.data as Float32Array;
  } finally {
    await session.release();
  }
}

describe('quantizing a float32 export', () => {
  it('rounds each weight to within half a step of the range, zero kept exact', () => {
    const values = Float32Array.from([-0.5, -0.1, 0, 0.2, 1.5]);
    const { data, scale, zeroPoint } = quantizeUint8(values);
    values.forEach((value, i) =>
      expect(Math.abs((data[i]! - zeroPoint) * scale - value)).toBeLessThanOrEqual(scale / 2 + 1e-7),
    );
    expect(data[2]).toBe(zeroPoint);
  });

  it('reads the weights from the files beside the graph and writes one self-contained file', () => {
    const encoder = path.join(folder, 'onnx/encoder_model.onnx');
    expect(externalDataFiles(encoder)).toEqual([
      '_model_encoder_embed_positions_weights_Constant_attr__value',
      'encoder_model.onnx_data',
    ]);
    const target = path.join(folder, 'onnx/encoder_model_quantized.onnx');
    const result = quantizeFloat32Model(encoder, target);
    expect(result.quantized).toBeGreaterThan(0);
    expect(result.keptFloat).toBe(0);
    expect(externalDataFiles(target)).toEqual([]);
    // A quarter of the float32 weights, give or take the position table (kept float32, not a weight).
    const float32 = fs.statSync(path.join(folder, 'onnx/encoder_model.onnx_data')).size;
    expect(result.bytes).toBeLessThan(float32);
  });

  it('computes what the float32 encoder does, within quantization error', async () => {
    const reference = await encode(path.join(folder, 'onnx/encoder_model.onnx'));
    const quantized = await encode(path.join(folder, 'onnx/encoder_model_quantized.onnx'));
    expect(quantized.length).toBe(reference.length);
    let error = 0;
    let norm = 0;
    reference.forEach((value, i) => {
      error += (value - quantized[i]!) ** 2;
      norm += value ** 2;
    });
    expect(Math.sqrt(error / norm)).toBeLessThan(0.05);
    expect(Math.sqrt(error / norm)).toBeGreaterThan(0); // it is quantized: not the same numbers
  });

  it('has the layout the engine writes as int8', () => {
    const copy = path.join(folder, 'encoder.int8.onnx');
    expect(
      writeEngineCopy(path.join(folder, 'onnx/encoder_model_quantized.onnx'), copy, { int8: true }),
    ).toMatchObject({ written: true, int8: true });
  });
});
