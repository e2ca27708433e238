import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NllbTokenizer, type PreTrainedTokenizer } from '@huggingface/transformers';
import type { TranslateResponse } from '@sema/shared/api/schemas';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { outputSequence, sequenceRequest } from '../../inference/open-inference.ts';
import { TINY_NLLB } from '../../translation/testing/tiny-nllb.ts';

const infer = (app: App, payload: unknown, name = 'nllb') =>
  app.inject({ method: 'POST', url: `/v2/models/${name}/infer`, payload: payload as object });

describe('Inference mode beside the public API: the Open Inference Protocol on the tiny model', () => {
  let app: App;
  let tokenizer: PreTrainedTokenizer;
  let ids: (sentence: string, language: string) => number[];
  let token: (language: string) => number;
  beforeAll(async () => {
    app = await buildTestApp({ SEMA_INFERENCE_API: 'with-api' });
    await app.translation.engine.whenReady();
    // As a client of the protocol would: the model's tokenizer files, read directly.
    const read = (file: string) =>
      JSON.parse(fs.readFileSync(path.join(TINY_NLLB, file), 'utf8')) as Record<string, unknown>;
    tokenizer = new NllbTokenizer(read('tokenizer.json'), read('tokenizer_config.json'));
    token = (language) => tokenizer.convert_tokens_to_ids([language])[0] as number;
    ids = (sentence, language) => [
      token(language),
      ...tokenizer.encode(sentence, { add_special_tokens: false }),
      token('</s>'),
    ];
  });
  afterAll(() => app.close());

  it('answers the health, server and model routes as Triton does', async () => {
    for (const [url, body] of [
      ['/v2/health/live', { live: true }],
      ['/v2/health/ready', { ready: true }],
      ['/v2/models/nllb/ready', { name: 'nllb', ready: true }],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual(body);
    }
    expect((await app.inject({ method: 'GET', url: '/v2' })).json()).toMatchObject({ name: 'sema' });
    const metadata = await app.inject({ method: 'GET', url: '/v2/models/nllb' });
    expect(metadata.json()).toMatchObject({
      name: 'nllb',
      inputs: [
        { name: 'INPUT_IDS', datatype: 'INT32', shape: [-1, -1] },
        { name: 'TARGET_PREFIX', datatype: 'INT32', shape: [-1, -1] },
      ],
      outputs: [{ name: 'OUTPUT_IDS', datatype: 'INT32', shape: [-1, -1] }],
    });
    const unknown = await app.inject({ method: 'GET', url: '/v2/models/other/ready' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "Unknown model 'other'" });
  });

  it('generates from token ids what /api/v1/translate gives for the same sentence', async () => {
    const sentence = 'Hello there, how are you?';
    const response = await infer(app, {
      id: 'r1',
      ...sequenceRequest(ids(sentence, 'eng_Latn'), [token('fra_Latn')]),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      model_name: 'nllb',
      id: 'r1',
      outputs: [{ name: 'OUTPUT_IDS', datatype: 'INT32' }],
    });
    const output = outputSequence(body)!;
    // As CTranslate2 returns a hypothesis: the target prefix first, no end token.
    expect(output[0]).toBe(token('fra_Latn'));
    expect(output).not.toContain(token('</s>'));
    expect(body.outputs[0].shape).toEqual([1, output.length]);
    const direct = await app.inject({
      method: 'POST',
      url: '/api/v1/translate',
      payload: { text: sentence, source_language: 'eng_Latn', target_language: 'fra_Latn' },
    });
    expect(tokenizer.decode(output, { skip_special_tokens: true }).trim()).toBe(
      direct.json<TranslateResponse>().translated_text,
    );
  });

  it('takes a sequence without the batch dimension, nested data, and concurrent requests batched', async () => {
    const row = ids('Good morning.', 'eng_Latn');
    const flat = await infer(app, {
      inputs: [
        { name: 'INPUT_IDS', shape: [row.length], datatype: 'INT32', data: row },
        { name: 'TARGET_PREFIX', shape: [1], datatype: 'INT32', data: [token('deu_Latn')] },
      ],
    });
    expect(flat.statusCode).toBe(200);
    expect(flat.json().outputs[0].shape).toEqual([outputSequence(flat.json())!.length]);
    const nested = await infer(app, {
      inputs: [
        { name: 'INPUT_IDS', shape: [1, row.length], datatype: 'INT32', data: [row] },
        { name: 'TARGET_PREFIX', shape: [1, 1], datatype: 'INT32', data: [[token('deu_Latn')]] },
      ],
    });
    expect(outputSequence(nested.json())).toEqual(outputSequence(flat.json()));
    const many = await Promise.all(
      ['One.', 'Two words.', 'Three words here.'].map((sentence) =>
        infer(app, sequenceRequest(ids(sentence, 'eng_Latn'), [token('deu_Latn')])),
      ),
    );
    expect(many.map((response) => response.statusCode)).toEqual([200, 200, 200]);
  });

  it('refuses what the model cannot take with 400 and the reason, in the protocol shape', async () => {
    const row = ids('Hello.', 'eng_Latn');
    const cases: [unknown, RegExp][] = [
      [
        { inputs: [{ name: 'INPUT_IDS', shape: [1, row.length], datatype: 'INT32', data: row }] },
        /TARGET_PREFIX' is missing/,
      ],
      [sequenceRequest(row, [token('fra_Latn'), 5]), /exactly one token/],
      [
        sequenceRequest([...row.slice(0, -1), 10_000_000, row.at(-1)!], [token('fra_Latn')]),
        /not in the model's vocabulary/,
      ],
      [
        { ...sequenceRequest(row, [token('fra_Latn')]), outputs: [{ name: 'LOGITS' }] },
        /unknown output 'LOGITS'/,
      ],
      [
        { inputs: [{ name: 'INPUT_IDS', shape: [2, 2], datatype: 'INT32', data: [1, 2, 3, 4] }] },
        /one sequence, shape \[n\] or \[1, n\]/,
      ],
      [{ inputs: [{ name: 'INPUT_IDS', shape: [1, 2], datatype: 'FP32', data: [1.5, 2] }] }, /must be INT32/],
      [{ inputs: [] }, /invalid request/],
    ];
    for (const [payload, message] of cases) {
      const response = await infer(app, payload);
      expect(response.statusCode, String(message)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    const unknown = await infer(app, sequenceRequest(row, [token('fra_Latn')]), 'other');
    expect(unknown.statusCode).toBe(404);
  });

  it("leaves DeepL's /v2 routes to DeepL", async () => {
    const response = await app.inject({ method: 'GET', url: '/v2/languages?type=target' });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toHaveProperty('language');
  });

  it('fails readiness while draining, and stays live', async () => {
    app.draining = true;
    try {
      expect((await app.inject({ method: 'GET', url: '/v2/health/ready' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/v2/models/nllb/ready' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/v2/health/live' })).statusCode).toBe(200);
      const refused = await infer(app, sequenceRequest(ids('Hi.', 'eng_Latn'), [token('fra_Latn')]));
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toMatch(/shutting down/);
    } finally {
      app.draining = false;
    }
  });
});

describe('Inference mode off (the default)', () => {
  it('serves no /v2/models', async () => {
    const app = await buildTestApp();
    try {
      expect((await app.inject({ method: 'GET', url: '/v2/models/nllb' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/v2/health/ready' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('An inference node (SEMA_INFERENCE_API=on)', () => {
  it('answers the inference protocol, the probes and /metrics, and nothing for people or public clients', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-inference-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sema</title>');
    const token = 'operator-token-0123456789abcdef0123';
    const app = await buildTestApp({
      SEMA_INFERENCE_API: 'on',
      SEMA_WEB_DIST: webDist,
      SEMA_API_KEYS: 'team-key-0001',
      SEMA_ADMIN_TOKEN: token,
    });
    try {
      await app.translation.engine.whenReady();
      for (const url of ['/v2/health/ready', '/v2/health/live', '/v2/models/nllb', '/livez', '/readyz']) {
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
      const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(metrics.statusCode).toBe(200);
      // Token ids in, token ids out, with no key: the API nodes behind the network policy ask.
      const read = (file: string) =>
        JSON.parse(fs.readFileSync(path.join(TINY_NLLB, file), 'utf8')) as Record<string, unknown>;
      const tokenizer = new NllbTokenizer(read('tokenizer.json'), read('tokenizer_config.json'));
      const [english, french, end] = tokenizer.convert_tokens_to_ids([
        'eng_Latn',
        'fra_Latn',
        '</s>',
      ]) as number[];
      const words = tokenizer.encode('Hello.', { add_special_tokens: false });
      const answer = await infer(app, sequenceRequest([english!, ...words, end!], [french!]));
      expect(answer.statusCode, answer.body).toBe(200);

      // No web app, no public API, no keyless way in: every other path is a JSON 404.
      for (const [method, url] of [
        ['GET', '/'],
        ['GET', '/translate'],
        ['GET', '/status'],
        ['GET', '/api/v1/languages'],
        ['POST', '/api/v1/translate'],
        ['POST', '/api/v1/session'],
        ['POST', '/translate'],
        ['POST', '/v2/translate'],
        ['POST', '/v1/chat/completions'],
        ['GET', '/api/v1/docs'],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          headers: { accept: 'text/html' },
          ...(method === 'POST' && {
            payload: { text: 'Hello', source_language: 'en', target_language: 'fr' },
          }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json(), `${method} ${url}`).toMatchObject({ code: 'NOT_FOUND' });
      }
    } finally {
      await app.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
