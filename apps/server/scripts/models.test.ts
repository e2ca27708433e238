import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHub, type FakeHub } from '../src/translation/testing/fake-hub.ts';
import { runModels as models } from './run-models.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '../test/fixtures');
const M2M = 'sema-test/tiny-m2m100';
const NLLB = 'sema-test/tiny-nllb';

describe('npm run models', () => {
  const hubs: FakeHub[] = [];
  let env: Record<string, string>;
  let cache: string;
  let chatHub: FakeHub;
  let chatModel: string;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-models-'));

  beforeAll(async () => {
    // One hub per model, as the fake hub serves one; the pair model is reached through its own.
    const m2m = await startFakeHub(M2M, path.join(fixtures, 'tiny-m2m100'));
    // The chat model by URL from a hub of its own (a fake hub serves one model).
    chatHub = await startFakeHub('sema-test/tiny-chat', fixtures);
    hubs.push(m2m, chatHub);
    cache = path.join(work, 'cache');
    chatModel = `${chatHub.url}/sema-test/tiny-chat/resolve/main/tiny-chat.gguf`;
    env = {
      SEMA_MODEL_CACHE: cache,
      SEMA_HUB_URL: m2m.url,
      SEMA_TRANSLATION_MODEL: M2M,
      SEMA_TRANSLATION_DTYPE: 'q8',
      SEMA_CHAT_PROVIDER: 'local',
      SEMA_CHAT_LOCAL_MODEL: chatModel,
    };
  });
  afterAll(async () => {
    await Promise.all(hubs.map((hub) => hub.close()));
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('lists, pulls, verifies, bundles, unbundles offline and removes the configured model', async () => {
    const before = await models(env, 'list');
    expect(before.code).toBe(0);
    expect(before.stdout).toContain(`${M2M}  main model (SEMA_TRANSLATION_MODEL)`);
    expect(before.stdout).toMatch(/not on disk .*npm run models -- pull/);
    expect(before.stdout).toContain(`${chatModel}  local chat model (SEMA_CHAT_LOCAL_MODEL)\n  not on disk`);

    const pulled = await models(env, 'pull');
    expect(pulled.stderr + pulled.stdout, pulled.stderr).toMatch(/downloaded 6 files/);
    // Progress, in the server's own format.
    expect(pulled.stderr).toMatch(new RegExp(`Downloading ${M2M} onnx/encoder_model_quantized.onnx: 100%`));
    expect(hubs[0]!.requests).toContain(`/${M2M}/resolve/main/onnx/decoder_model_merged_quantized.onnx`);
    // The chat model too, checked to be a GGUF file, in the cache's chat folder.
    expect(pulled.stdout).toMatch(new RegExp(`${chatModel}: downloaded, \\d+\\.\\d kB, a GGUF file`));
    const chatFiles = fs.readdirSync(path.join(cache, 'chat')).filter((name) => name.endsWith('.gguf'));
    expect(chatFiles).toHaveLength(1);
    const chatFile = path.join(cache, 'chat', chatFiles[0]!);
    expect(fs.readFileSync(chatFile)).toEqual(fs.readFileSync(path.join(fixtures, 'tiny-chat.gguf')));
    const folder = path.join(cache, M2M);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, '.sema-manifest.json'), 'utf8')) as {
      files: Record<string, { size: number; sha256: string }>;
    };
    expect(Object.keys(manifest.files).sort()).toEqual(
      [
        'config.json',
        'generation_config.json',
        'onnx/decoder_model_merged_quantized.onnx',
        'onnx/encoder_model_quantized.onnx',
        'tokenizer.json',
        'tokenizer_config.json',
      ].sort(),
    );
    expect(manifest.files['tokenizer.json']!.size).toBe(
      fs.statSync(path.join(fixtures, 'tiny-m2m100/tokenizer.json')).size,
    );

    const listed = await models(env, 'list');
    expect(listed.stdout).toContain('M2M-100, MIT');
    expect(listed.stdout).toMatch(/on disk: 6 files, \d+\.\d kB \(q8\)/);
    // The engine's copies, written by the load in pull, are counted: the encoder with int8 weights,
    // the decoder with int8 weights and the picker's nodes, and that decoder saved prepacked.
    const copies = path.join(cache, 'engine-copies');
    expect(
      fs
        .readdirSync(copies)
        .filter((name) => name.endsWith('.onnx'))
        .sort(),
    ).toEqual([
      expect.stringMatching(/^decoder_model_merged_quantized\.int8\.picker\.[0-9a-f]+\.onnx$/),
      expect.stringMatching(/^decoder_model_merged_quantized\.int8\.picker\.prepacked\.[0-9a-f]+\.onnx$/),
      expect.stringMatching(/^encoder_model_quantized\.int8\.[0-9a-f]+\.onnx$/),
    ]);
    expect(listed.stdout).toContain(`engine copies: 3 files, `);
    expect(listed.stdout).toContain(` in ${copies}\n`);

    expect(listed.stdout).toMatch(/GGUF, on disk: \d+\.\d kB in .*chat/);
    const verified = await models(env, 'verify');
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain(`ok       ${chatFiles[0]}`);

    // The bundle carries the model to a server with no hub at all.
    const tarball = path.join(work, 'models.tar');
    const bundled = await models(env, 'bundle', tarball);
    expect(bundled.code, bundled.stderr).toBe(0);
    const offline = {
      ...env,
      SEMA_MODEL_CACHE: path.join(work, 'air-gapped'),
      SEMA_HUB_URL: 'http://127.0.0.1:9',
    };
    const unbundled = await models(offline, 'unbundle', tarball);
    expect(unbundled.code, unbundled.stderr).toBe(0);
    expect(unbundled.stdout).toContain(`Installed ${M2M}`);
    expect(unbundled.stdout).toContain(`Installed the chat model ${chatFiles[0]}`);
    const requests = hubs[0]!.requests.length;
    const chatRequests = chatHub.requests.length;
    const offlinePull = await models(offline, 'pull');
    expect(offlinePull.stdout).toMatch(/already on disk/);
    expect(offlinePull.stdout).toMatch(new RegExp(`${chatModel}: already on disk`));
    expect((await models(offline, 'verify')).code).toBe(0);
    expect(hubs[0]!.requests.length).toBe(requests);
    expect(chatHub.requests.length).toBe(chatRequests);

    // The chat model changed on disk is found, then removed by its configured name.
    fs.appendFileSync(chatFile, 'x');
    expect((await models(env, 'verify')).stdout).toMatch(
      /CHANGED {2}.*\.gguf: \d+ bytes, \d+ when downloaded/,
    );
    const removedChat = await models(env, 'remove', chatModel);
    expect(removedChat.stdout, removedChat.stderr).toMatch(/Removed .*\.gguf/);
    expect(fs.existsSync(chatFile)).toBe(false);
    expect((await models(env, 'verify')).code).toBe(1);

    // A byte changed on disk (same size) is found, and named.
    const decoder = path.join(folder, 'onnx/decoder_model_merged_quantized.onnx');
    const bytes = fs.readFileSync(decoder);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    fs.writeFileSync(decoder, bytes);
    const changed = await models(env, 'verify');
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(
      /CHANGED {2}onnx\/decoder_model_merged_quantized\.onnx: SHA-256 [0-9a-f]{64}/,
    );
    fs.truncateSync(path.join(folder, 'tokenizer.json'), 10);
    expect((await models(env, 'verify')).stdout).toMatch(
      /CHANGED {2}tokenizer\.json: 10 bytes, \d+ when downloaded/,
    );
    // A damaged model is not bundled.
    expect((await models(env, 'bundle', path.join(work, 'bad.tar'))).code).toBe(1);

    const removed = await models(env, 'remove', M2M);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(/It is still configured/);
    expect(fs.existsSync(folder)).toBe(false);
    expect(removed.stdout).toMatch(/and its engine copies/);
    expect(
      fs
        .readdirSync(copies)
        .filter((name) => name.endsWith('.onnx'))
        .sort(),
    ).toEqual([]);
    expect((await models(env, 'list')).stdout).toMatch(/not on disk/);
  }, 480_000);

  it('says NLLB-200 is for non-commercial use before it is downloaded, and lists unconfigured models in the cache', async () => {
    const nllbHub = await startFakeHub(NLLB, path.join(fixtures, 'tiny-nllb'));
    hubs.push(nllbHub);
    const nllb = { ...env, SEMA_HUB_URL: nllbHub.url, SEMA_TRANSLATION_MODEL: NLLB };
    expect((await models(nllb, 'list')).stdout).toMatch(/CC-BY-NC-4\.0: non-commercial use only/);
    expect((await models(nllb, 'pull')).code).toBe(0);
    const other = await models({ ...nllb, SEMA_TRANSLATION_MODEL: M2M }, 'list');
    expect(other.stdout).toMatch(new RegExp(`Also in the model cache .*not configured:\\n {2}${NLLB} `));
    expect(
      (await models({ ...nllb, SEMA_TRANSLATION_MODEL: M2M }, 'remove', 'nobody/nothing')).stderr,
    ).toMatch(/nobody\/nothing is neither configured nor in the model cache/);
  }, 240_000);

  it('pulls only the tokenizer for an API node of the kserve engine', async () => {
    const nllbHub = await startFakeHub(NLLB, path.join(fixtures, 'tiny-nllb'));
    hubs.push(nllbHub);
    const kserve = {
      SEMA_MODEL_CACHE: path.join(work, 'kserve-cache'),
      SEMA_HUB_URL: nllbHub.url,
      SEMA_TRANSLATION_ENGINE: 'kserve',
      SEMA_KSERVE_URL: 'http://127.0.0.1:9',
      SEMA_KSERVE_TOKENIZER: NLLB,
      SEMA_CHAT_PROVIDER: 'none',
    };
    expect((await models(kserve, 'list')).stdout).toContain(`${NLLB}  tokenizer (SEMA_KSERVE_TOKENIZER)`);
    const pulled = await models(kserve, 'pull');
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toMatch(/downloaded 2 files/);
    expect(nllbHub.requests.some((request) => request.includes('.onnx'))).toBe(false);
    const verified = await models(kserve, 'verify');
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/ok {7}tokenizer\.json/);
  }, 240_000);

  it('refuses a bad configuration with the variable it names', async () => {
    const run = await models({ ...env, SEMA_TRANSLATION_DTYPE: 'q9' }, 'list');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/SEMA_TRANSLATION_DTYPE/);
  });
});
