// `npm run models -- pull` for a model published only in float32, end to end: a tiny model in the
// layout of the float32 NLLB distilled 1.3B export (weights in `<file>.onnx_data`, the position
// tables as Constant nodes in files of their own), generated here, served over real HTTP under the
// real hub id and pinned revision; pulled, quantized, checked token for token, recorded, listed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOAT32_EXPORTS } from '../src/translation/engines/seq2seq/convert/float32-exports.ts';
import { readConversion } from '../src/translation/engines/model-inventory.ts';
import { startFakeHub, type FakeHub } from '../src/translation/testing/fake-hub.ts';
import { runModels as models } from './run-models.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const NLLB_13B = FLOAT32_EXPORTS[0]!;

/** Generates the tiny model in the float32 layout, weights in `.onnx_data` files, into `folder`. */
function makeFloat32Model(folder: string) {
  execFileSync(
    '/usr/bin/python3',
    [
      path.join(here, 'make-synthetic-nllb.py'),
      folder,
      '--size',
      'tiny',
      '--dtypes',
      'fp32',
      '--external-data',
    ],
    { stdio: 'pipe' },
  );
}

/** A fresh folder for the published model and the operator's model cache. */
function workFolders(prefix: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const cache = path.join(work, 'cache');
  return { work, published: path.join(work, 'published'), cache, folder: path.join(cache, NLLB_13B.id) };
}

/** The operator's environment: pull the 1.3B export from this hub into this cache, as int8. */
function operatorEnv(cache: string, hub: FakeHub): Record<string, string> {
  return {
    SEMA_MODEL_CACHE: cache,
    SEMA_HUB_URL: hub.url,
    SEMA_TRANSLATION_MODEL: NLLB_13B.id,
    SEMA_TRANSLATION_DTYPE: 'q8',
    SEMA_CHAT_PROVIDER: 'none',
  };
}

describe('npm run models -- pull, a model published only in float32', () => {
  const { work, published, cache, folder } = workFolders('sema-float32-');
  let hub: FakeHub;
  let env: Record<string, string>;

  beforeAll(async () => {
    makeFloat32Model(published);
    // The first download of the decoder's weights is cut half way, as a dropped connection would.
    const weights = 'onnx/decoder_model_merged.onnx_data';
    const half = Math.floor(fs.statSync(path.join(published, weights)).size / 2);
    hub = await startFakeHub(NLLB_13B.id, published, {
      revision: NLLB_13B.revision,
      cut: { file: weights, afterBytes: half },
    });
    env = operatorEnv(cache, hub);
  }, 120_000);
  afterAll(async () => {
    await hub.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('tells before the pull that the model is converted here, and its licence', async () => {
    const listed = await models(env, 'list');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('published only in float32');
    expect(listed.stdout).toContain('CC-BY-NC-4.0: non-commercial use only');
  });

  it('goes on after a dropped connection, converts to int8, checks it and deletes the float32 files', async () => {
    const first = await models(env, 'pull');
    expect(first.code).not.toBe(0);
    expect(first.stderr + first.stdout).toMatch(/connection ended|terminated|socket/i);
    expect(fs.existsSync(path.join(folder, 'onnx/decoder_model_merged.onnx_data.partial'))).toBe(true);

    const pulled = await models(env, 'pull');
    expect(pulled.code, pulled.stderr + pulled.stdout).toBe(0);
    // Only the rest was asked for, at the pinned revision.
    expect(hub.ranges.some((range) => /decoder_model_merged\.onnx_data bytes=\d+-$/.test(range))).toBe(true);
    expect(hub.requests).toContain(`/${NLLB_13B.id}/resolve/${NLLB_13B.revision}/onnx/encoder_model.onnx`);
    // Every external file the graphs name was fetched: the weights and the position tables.
    expect(hub.requests.filter((request) => request.includes('_attr__value'))).toHaveLength(2);
    expect(pulled.stdout).toMatch(/went on from/);
    expect(pulled.stdout).toMatch(/converted, .*the engine runs it as int8/);
    expect(pulled.stdout).toMatch(/(\d+) of \1 sample translations identical token for token/);

    const record = readConversion(folder)!;
    expect(record.check.passed).toBe(true);
    expect(record.source).toEqual({ id: NLLB_13B.id, revision: NLLB_13B.revision });
    expect(Object.keys(record.float32)).toHaveLength(6);
    expect(record.float32Deleted).toBe(true);
    expect(record.int8).toBe(true);
    for (const file of Object.keys(record.float32))
      expect(fs.existsSync(path.join(folder, file)), file).toBe(false);
    expect(fs.existsSync(path.join(folder, 'onnx/decoder_model_merged_quantized.onnx'))).toBe(true);

    // The files the server runs are recorded and verify; list tells the conversion.
    const verified = await models(env, 'verify');
    expect(verified.code, verified.stdout).toBe(0);
    const listed = await models(env, 'list');
    expect(listed.stdout).toMatch(/converted here from float32 \(facebook\/nllb-200-distilled-1\.3B@a6b9946/);
    expect(listed.stdout).toMatch(/check: \d+ of \d+ sample translations identical .*passed/);
    expect(listed.stdout).toContain('float32 files deleted once the check passed');

    // A second pull does nothing more.
    const again = await models(env, 'pull');
    expect(again.stdout).toMatch(/already converted on/);
  }, 180_000);
});

describe('npm run models -- pull, a float32 model whose int8 form translates differently', () => {
  const { work, published, cache, folder } = workFolders('sema-float32-refused-');
  let hub: FakeHub;

  beforeAll(async () => {
    makeFloat32Model(published);
    // Outliers, the weights per-tensor quantization handles worst: one weight in 1,024 set to 40
    // stretches every matrix's range so far that its other weights round to zero in uint8.
    for (const file of ['onnx/encoder_model.onnx_data', 'onnx/decoder_model_merged.onnx_data']) {
      const bytes = fs.readFileSync(path.join(published, file));
      const values = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
      for (let i = 0; i < values.length; i += 1024) values[i] = 40;
      fs.writeFileSync(path.join(published, file), bytes);
    }
    hub = await startFakeHub(NLLB_13B.id, published, { revision: NLLB_13B.revision });
  }, 120_000);
  afterAll(async () => {
    await hub.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('refuses it: the quantized files go, the float32 ones stay, and the command fails saying so', async () => {
    const env = operatorEnv(cache, hub);
    const pulled = await models(env, 'pull');
    expect(pulled.code).toBe(1);
    expect(pulled.stdout).toMatch(/REFUSED: the int8 model differs from the float32 one \(0 of 32/);
    expect(pulled.stdout).toContain('SEMA_TRANSLATION_DTYPE=fp32');
    expect(fs.existsSync(path.join(folder, 'onnx/decoder_model_merged_quantized.onnx'))).toBe(false);
    expect(fs.existsSync(path.join(folder, 'onnx/decoder_model_merged.onnx_data'))).toBe(true);
    const record = readConversion(folder)!;
    expect(record.check).toMatchObject({ passed: false, identical: 0, compared: 32 });
    expect(record.float32Deleted).toBe(false);
    const listed = await models(env, 'list');
    expect(listed.stdout).toMatch(/conversion from float32 .* REFUSED on/);
    expect(listed.stdout).toMatch(/check: 0 of 32 .*failed/);
    expect(listed.stdout).toContain('float32 files kept: the check failed');
  }, 180_000);
});
