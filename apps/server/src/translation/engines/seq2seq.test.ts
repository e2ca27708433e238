import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.ts';
import { startFakeHub, type FakeHub } from '../testing/fake-hub.ts';
import { writeBrokenCopies } from '../testing/broken-engine-copies.ts';
import { TINY_NLLB } from '../testing/tiny-nllb.ts';
import { Seq2SeqEngine, type Seq2SeqEngineOptions } from './seq2seq.ts';
import { Seq2SeqModel } from './seq2seq/seq2seq-model.ts';
import { resolveModelSource } from './model-source.ts';
import { waitFor } from '@sema/testkit/wait-for';
import { freePort } from '@sema/testkit/free-port';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const engines: Seq2SeqEngine[] = [];
const temporary: string[] = [];

function engine(options: Partial<Seq2SeqEngineOptions> = {}): Seq2SeqEngine {
  const created = new Seq2SeqEngine({
    model: TINY_NLLB,
    modelCache: tempDir(),
    dtype: 'q8',
    threads: 1,
    log: silent,
    progressOutput: null,
    restartDelayMs: 10,
    ...options,
  }).start();
  engines.push(created);
  return created;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-nllb-'));
  temporary.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(engines.splice(0).map((created) => created.close()));
});
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

const SENTENCES = ['Hello world.', 'How are you today, my friend?'];

describe('Seq2SeqEngine (model process) on the tiny model folder', () => {
  let expected: string[];
  beforeAll(async () => {
    const model = await Seq2SeqModel.load({
      source: resolveModelSource(TINY_NLLB, { cacheDir: '' }),
      dtype: 'q8',
      threads: 1,
    });
    expected = (await model.translate(SENTENCES, 'eng_Latn', 'swh_Latn')).translations;
    await model.dispose();
  });

  it('loads in the background, then translates exactly as the model does in-process', async () => {
    const nllb = engine();
    expect(nllb.status().state).toBe('loading');
    await nllb.whenReady();
    // NLLB weights are non-commercial: /status says so, so that self-hosters know.
    expect(nllb.status()).toEqual({
      state: 'ready',
      model: 'tiny-nllb',
      model_id: nllb.modelId,
      model_source: 'folder tiny-nllb',
      model_family: 'nllb',
      model_family_name: 'NLLB-200',
      model_license: 'CC-BY-NC-4.0',
      model_license_terms: 'non-commercial use only',
      model_license_url: 'https://creativecommons.org/licenses/by-nc/4.0/',
      languages: 202,
      engine_features: {
        // The tiny fixture's q8 files hold fp32 weights: nothing to convert, and nothing lost.
        int8_weights: {
          on: false,
          why: 'encoder: it has no uint8 weights; decoder: it has no uint8 weights',
        },
        picks_in_decoder: { on: true },
        new_keys_values_only: { on: true },
        prepacked_weights: { on: false, why: expect.stringMatching(/^only int8 weights are saved packed/) },
        compact_tokenizer: { on: true },
      },
    });
    expect(await nllb.translate(SENTENCES, 'eng_Latn', 'swh_Latn')).toEqual(expected);
  });

  it('keeps its copies of the model files under the model cache, never the temporary folder', async () => {
    const cache = tempDir();
    const nllb = engine({ modelCache: cache });
    await nllb.whenReady();
    const copies = fs.readdirSync(path.join(cache, 'engine-copies'));
    // The decoder with the picker's nodes (the encoder has nothing to change: no copy).
    expect(copies.filter((name) => name.endsWith('.onnx'))).toEqual([
      expect.stringMatching(/^decoder_model_merged_quantized\.int8\.picker\.[0-9a-f]{20}\.onnx$/),
    ]);
  });

  it('opens the original when its copy fails to open: logged once, shown in its status, even after a restart', async () => {
    const cache = tempDir();
    await writeBrokenCopies(cache);
    const warnings: string[] = [];
    const nllb = engine({
      modelCache: cache,
      log: { ...silent, warn: (line: string) => warnings.push(line) },
    });
    await nllb.whenReady();
    const features = nllb.status().engine_features!;
    expect(features.picks_in_decoder).toEqual({
      on: false,
      why: expect.stringMatching(/copy of decoder_model_merged_quantized\.onnx failed to open \(.+\)/),
      fallback: true,
    });
    expect(features.int8_weights).toMatchObject({
      on: false,
      why: expect.stringMatching(/decoder: .*failed to open/),
      fallback: true,
    });
    expect(features.new_keys_values_only).toMatchObject({ on: false, fallback: true });
    // The model still translates, exactly as before (the same tokens, only slower).
    expect(await nllb.translate(SENTENCES, 'eng_Latn', 'swh_Latn')).toEqual(expected);
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).toMatch(/runs without picks_in_decoder \(slower\): .*failed to open/);
    await nllb.killModelProcess();
    await waitFor(() => nllb.status().state === 'ready', { what: 'the restarted model' });
    // Remembered: the restarted process does not write the copy again, and says so once more in /status only.
    expect(nllb.status().engine_features?.picks_in_decoder?.why).toMatch(/not written again/);
    expect(warnings).toHaveLength(3);
  });

  it('maps catalogue codes to the model tokens (cmn_Hans is zho_Hans)', async () => {
    const nllb = engine();
    const viaCatalogue = await nllb.translate(['Good morning.'], 'eng_Latn', 'cmn_Hans');
    const viaModelToken = await nllb.translate(['Good morning.'], 'eng_Latn', 'zho_Hans');
    expect(viaCatalogue).toEqual(viaModelToken);
  });

  it('rejects with AbortError as soon as the caller aborts', async () => {
    const nllb = engine();
    await nllb.whenReady();
    const controller = new AbortController();
    const pending = nllb.translate(
      ['A long sentence that takes a few steps to translate.'],
      'eng_Latn',
      'fra_Latn',
      controller.signal,
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    // The model process is still fine afterwards.
    expect(await nllb.translate(SENTENCES, 'eng_Latn', 'swh_Latn')).toEqual(expected);
  });

  it('fails in-flight work with 503 when the model process dies, restarts it, and translates again', async () => {
    const nllb = engine();
    await nllb.whenReady();
    const long = Array.from(
      { length: 40 },
      (_, i) => `Sentence number ${i} is here to keep the model process busy for a while.`,
    );
    const inFlight = nllb.translate(long, 'eng_Latn', 'fra_Latn');
    await nllb.killModelProcess();
    const error = await inFlight.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(503);
    expect((error as ApiError).detail).toMatch(/engine stopped .* restarting/);
    expect(nllb.status().state).toBe('loading');
    await nllb.whenReady();
    expect(nllb.status().state).toBe('ready');
    expect(await nllb.translate(SENTENCES, 'eng_Latn', 'swh_Latn')).toEqual(expected);
  });

  it('replaces a model process that hangs (stopped mid-batch): the batch gets a clear 503, none waits forever', async () => {
    const nllb = engine({ hangTimeoutMs: 1500 });
    await nllb.whenReady();
    const stopped = nllb.modelProcessId!;
    const long = Array.from(
      { length: 40 },
      (_, i) => `Sentence number ${i} keeps the stopped model process busy.`,
    );
    const inFlight = nllb.translate(long, 'eng_Latn', 'fra_Latn');
    process.kill(stopped, 'SIGSTOP'); // alive but silent, as a process stuck in native code
    const error = await inFlight.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 503,
      code: 'MODEL_UNAVAILABLE',
      headers: { 'Retry-After': '2' },
    });
    expect((error as ApiError).detail).toMatch(/engine stopped \(model process SIGKILL\) and is restarting/);
    await nllb.whenReady();
    expect(await nllb.translate(SENTENCES, 'eng_Latn', 'swh_Latn')).toEqual(expected);
    expect(nllb.modelProcessId).not.toBe(stopped);
  });

  it('reports a folder without the model files as an error with the reason and a hint', async () => {
    const empty = tempDir();
    fs.writeFileSync(path.join(empty, 'config.json'), '{}');
    const nllb = engine({ model: empty });
    await expect(nllb.whenReady()).rejects.toBeInstanceOf(ApiError);
    const status = nllb.status();
    expect(status.state).toBe('error');
    expect(status.detail).toMatch(/\/generation_config\.json is missing\. The folder must hold config\.json/);
    const error = (await nllb
      .translate(['Hi.'], 'eng_Latn', 'fra_Latn')
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.statusCode).toBe(503);
    expect(error.detail).toMatch(/^Translation model is not available: .*generation_config\.json is missing/);
  });

  it('picks the model up by itself once its folder is filled in', async () => {
    const folder = tempDir();
    const nllb = engine({ model: folder, loadRetryDelayMs: 100 });
    await expect(nllb.whenReady()).rejects.toBeInstanceOf(ApiError);
    expect(nllb.status()).toMatchObject({ state: 'error', detail: expect.stringMatching(/is missing/) });
    fs.cpSync(TINY_NLLB, folder, { recursive: true });
    await waitFor(() => nllb.status().state === 'ready', { timeout: 20_000, what: 'the model to be ready' });
    expect(await nllb.translate(SENTENCES, 'eng_Latn', 'swh_Latn')).toEqual(expected);
  });

  it('reports a corrupt model file as such', async () => {
    const broken = tempDir();
    fs.cpSync(TINY_NLLB, broken, { recursive: true });
    fs.writeFileSync(path.join(broken, 'onnx', 'decoder_model_merged_quantized.onnx'), 'not a model');
    const nllb = engine({ model: broken });
    await expect(nllb.whenReady()).rejects.toBeInstanceOf(ApiError);
    expect(nllb.status().detail).toMatch(
      /corrupt or unreadable \(onnx\/decoder_model_merged_quantized\.onnx\)/,
    );
  });
});

describe('Seq2SeqEngine with a hub model', () => {
  let hub: FakeHub;
  beforeAll(async () => {
    hub = await startFakeHub('sema-test/tiny-nllb', TINY_NLLB, { chunkBytes: 8 * 1024 });
  });
  afterAll(() => hub.close());

  it('downloads into the cache with progress, then starts again from the cache with no network', async () => {
    const cache = tempDir();
    const progress: string[] = [];
    const output = { isTTY: false, write: (line: string) => progress.push(line) };
    const seen: number[] = [];
    const first = engine({
      model: 'sema-test/tiny-nllb',
      modelCache: cache,
      hubUrl: hub.url,
      progressOutput: output,
    });
    const watcher = setInterval(() => {
      const fraction = first.status().progress;
      if (fraction !== undefined) seen.push(fraction);
    }, 1);
    await first.whenReady().finally(() => clearInterval(watcher));

    expect(hub.requests).toContain(
      '/sema-test/tiny-nllb/resolve/main/onnx/decoder_model_merged_quantized.onnx',
    );
    const cached = path.join(cache, 'sema-test/tiny-nllb/onnx/decoder_model_merged_quantized.onnx');
    expect(fs.readFileSync(cached)).toEqual(
      fs.readFileSync(path.join(TINY_NLLB, 'onnx/decoder_model_merged_quantized.onnx')),
    );
    // What arrived is recorded as it arrived, for `npm run models -- verify`.
    const manifest = JSON.parse(
      fs.readFileSync(path.join(cache, 'sema-test/tiny-nllb/.sema-manifest.json'), 'utf8'),
    ) as { files: Record<string, { size: number; sha256: string }> };
    expect(Object.keys(manifest.files)).toHaveLength(6);
    expect(manifest.files['onnx/decoder_model_merged_quantized.onnx']).toEqual({
      size: fs.statSync(cached).size,
      sha256: createHash('sha256').update(fs.readFileSync(cached)).digest('hex'),
    });
    const kilobytes = (fs.statSync(cached).size / 1e3).toFixed(1);
    expect(progress).toContain(
      `Downloading sema-test/tiny-nllb onnx/decoder_model_merged_quantized.onnx: 100% ${kilobytes}/${kilobytes} kB\n`,
    );
    expect(progress.some((line) => / (1|2|3|4|5|6|7|8|9)\d% /.test(line))).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((fraction) => fraction >= 0 && fraction <= 1)).toBe(true);
    const translated = await first.translate(SENTENCES, 'eng_Latn', 'swh_Latn');
    await first.close();

    // Second start: the hub is unreachable, the cache is enough.
    const offline = engine({
      model: 'sema-test/tiny-nllb',
      modelCache: cache,
      hubUrl: `http://127.0.0.1:${await freePort()}`,
    });
    await offline.whenReady();
    expect(await offline.translate(SENTENCES, 'eng_Latn', 'swh_Latn')).toEqual(translated);
  });

  it('says the model cannot be downloaded when the hub is unreachable', async () => {
    const closed = await freePort();
    const nllb = engine({ model: 'sema-test/tiny-nllb', hubUrl: `http://127.0.0.1:${closed}` });
    await expect(nllb.whenReady()).rejects.toBeInstanceOf(ApiError);
    const status = nllb.status();
    expect(status.state).toBe('error');
    expect(status.detail).toBe(
      `cannot download sema-test/tiny-nllb from http://127.0.0.1:${closed}/ (ECONNREFUSED). ` +
        `Let this server reach http://127.0.0.1:${closed}/ once (later starts need no network), ` +
        'or download the model elsewhere and set SEMA_TRANSLATION_MODEL to its folder',
    );
  });

  it('keeps trying a hub that was unreachable, and serves once it answers', async () => {
    const port = await freePort();
    const nllb = engine({
      model: 'sema-test/tiny-nllb',
      hubUrl: `http://127.0.0.1:${port}`,
      loadRetryDelayMs: 200,
    });
    await expect(nllb.whenReady()).rejects.toBeInstanceOf(ApiError);
    const failed = nllb.status();
    expect(failed.state).toBe('error');
    expect(Date.parse(failed.next_attempt_at!)).toBeGreaterThan(Date.now() - 1000);
    // Meanwhile a request fails at once with the reason instead of waiting for the next attempt.
    const refused = (await nllb
      .translate(['Hi.'], 'eng_Latn', 'fra_Latn')
      .catch((e: unknown) => e)) as ApiError;
    expect(refused.statusCode).toBe(503);
    expect(refused.detail).toMatch(/cannot download sema-test\/tiny-nllb .*ECONNREFUSED/);

    const lateHub = await startFakeHub('sema-test/tiny-nllb', TINY_NLLB, { port });
    try {
      await waitFor(() => nllb.status().state === 'ready', {
        timeout: 20_000,
        what: 'the model to be ready',
      });
      expect(nllb.status()).toMatchObject({
        state: 'ready',
        model: 'sema-test/tiny-nllb',
        model_id: 'nllb:sema-test/tiny-nllb:q8',
        model_source: 'sema-test/tiny-nllb',
        model_family: 'nllb',
        model_license: 'CC-BY-NC-4.0',
      });
      expect(await nllb.translate(SENTENCES, 'eng_Latn', 'swh_Latn')).toHaveLength(2);
    } finally {
      await lateHub.close();
    }
  });

  it('recovers from a download cut off mid-file, and never loads the partial file', async () => {
    const flaky = await startFakeHub('sema-test/tiny-nllb', TINY_NLLB, {
      chunkBytes: 4096,
      cut: { file: 'onnx/decoder_model_merged_quantized.onnx', afterBytes: 8192 },
    });
    try {
      const nllb = engine({ model: 'sema-test/tiny-nllb', hubUrl: flaky.url, loadRetryDelayMs: 200 });
      // The first attempt fails with the cut; the retry downloads the file whole and loads it.
      await waitFor(() => nllb.status().state === 'ready', {
        timeout: 20_000,
        what: 'the model to be ready',
      });
      expect(await nllb.translate(SENTENCES, 'eng_Latn', 'swh_Latn')).toHaveLength(2);
      const decoderDownloads = flaky.requests.filter((url) =>
        url.endsWith('decoder_model_merged_quantized.onnx'),
      );
      expect(decoderDownloads.length).toBeGreaterThanOrEqual(2);
    } finally {
      await flaky.close();
    }
  });

  it('says so when the hub has no such model', async () => {
    const nllb = engine({ model: 'sema-test/no-such-model', hubUrl: hub.url });
    await expect(nllb.whenReady()).rejects.toBeInstanceOf(ApiError);
    expect(nllb.status().detail).toMatch(/no-such-model\/resolve\/main\/.* does not exist/);
  });
});
