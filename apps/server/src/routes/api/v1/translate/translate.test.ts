import { RoutedEngine } from '../../../../translation/engines/routed-engine.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@sema/testkit/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchTranslateResponse, StatusResponse, TranslateResponse } from '@sema/shared/api/schemas';
import type { App } from '../../../../app.ts';
import { buildTestApp, listenOn, postJson } from '../../../../../test/build-test-app.ts';
import type { Seq2SeqEngine } from '../../../../translation/engines/seq2seq.ts';
import type { TranslationPipeline } from '../../../../translation/pipeline.ts';
import { freePort } from '@sema/testkit/free-port';

const pipelineOf = (app: App) => app.translation as TranslationPipeline;
const translate = (app: App, payload: unknown) => postJson(app, '/api/v1/translate', payload);

describe('POST /api/v1/translate on the tiny model', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await pipelineOf(app).engine.whenReady();
  });
  afterAll(() => app.close());

  it('answers 200 with exactly the contract fields and keeps the paragraph break', async () => {
    const response = await translate(app, {
      text: 'Hello.\n\nHow are you?',
      source_language: 'eng_Latn',
      target_language: 'swh_Latn',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<TranslateResponse>();
    expect(Object.keys(body).sort()).toEqual(
      ['confidence_score', 'processing_time', 'source_language', 'target_language', 'translated_text'].sort(),
    );
    expect(body).toMatchObject({
      source_language: 'eng_Latn',
      target_language: 'swh_Latn',
      confidence_score: 1,
    });
    expect(body.processing_time).toBeGreaterThanOrEqual(0);
    expect(body.processing_time).toBeLessThan(5);
    const [first, second, ...rest] = body.translated_text.split('\n\n');
    expect(rest).toEqual([]);
    expect(first!.trim().length).toBeGreaterThan(0);
    expect(second!.trim().length).toBeGreaterThan(0);
  });

  it('adds alternatives from the n-best list when asked, and only then', async () => {
    const payload = {
      text: 'Good morning. How are you, {name}?',
      source_language: 'en',
      target_language: 'fr',
    };
    const plain = (await translate(app, payload)).json();
    expect(plain).not.toHaveProperty('alternatives');
    const asked = await translate(app, { ...payload, alternatives: 2 });
    expect(asked.statusCode).toBe(200);
    const { translated_text, alternatives } = asked.json<{
      translated_text: string;
      alternatives: string[];
    }>();
    expect(translated_text).toBe(plain.translated_text);
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.length).toBeLessThanOrEqual(2);
    expect(new Set([translated_text, ...alternatives]).size).toBe(alternatives.length + 1);
    // Protected spans are in every alternative too.
    for (const alternative of alternatives) expect(alternative).toContain('{name}');
    expect((await translate(app, { ...payload, alternatives: 4 })).statusCode).toBe(422);
    expect((await translate(app, { ...payload, alternatives: 1, format: 'html' })).json()).toEqual({
      code: 'VALIDATION_ERROR',
      detail: 'alternatives: only for format text',
    });
  });

  it('detects the source when it is auto (the default) and answers with the detection', async () => {
    const text = 'Bonjour tout le monde. Je suis très content de vous voir aujourd’hui, mes amis.';
    const detection = app.detector.detect(text)!;
    const body = (await translate(app, { text, target_language: 'eng_Latn' })).json<TranslateResponse>();
    expect(body.source_language).toBe(detection.language);
    expect(body.confidence_score).toBe(detection.confidence);
  });

  it('accepts the model spelling of a language and always answers with the catalogue code', async () => {
    const body = (
      await translate(app, {
        text: 'Good morning.',
        source_language: 'eng_Latn',
        target_language: 'zho_Hans',
      })
    ).json<TranslateResponse>();
    expect(body.target_language).toBe('cmn_Hans');
  });

  it('returns the text unchanged when source and target are the same', async () => {
    const text = 'Nothing to do.\n\n  Really.';
    const body = (
      await translate(app, { text, source_language: 'eng_Latn', target_language: 'eng_Latn' })
    ).json<TranslateResponse>();
    expect(body.translated_text).toBe(text);
  });

  it('translates a 5,000-character text whole, keeping every line break', async () => {
    const lines = Array.from({ length: 120 }, (_, i) =>
      i % 5 === 4 ? '' : `Line ${i} says something about ${i * 3}.`,
    );
    let text = lines.join('\n');
    text += ` ${'y'.repeat(5000 - text.length - 1)}`;
    expect(text.length).toBe(5000);
    const response = await translate(app, { text, source_language: 'eng_Latn', target_language: 'fra_Latn' });
    expect(response.statusCode).toBe(200);
    const inputLines = text.split('\n');
    const out = response.json<TranslateResponse>().translated_text.split('\n');
    expect(out).toHaveLength(inputLines.length);
    out.forEach((line, i) => expect(line === '').toBe(inputLines[i] === ''));
  });

  it('accepts BCP 47 and ISO 639 codes, and answers with catalogue codes', async () => {
    const response = await postJson(app, '/api/v1/translate', {
      text: 'Good morning.',
      source_language: 'en-GB',
      target_language: 'sw',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ source_language: 'eng_Latn', target_language: 'swh_Latn' });
    const chinese = await postJson(app, '/api/v1/translate', {
      text: 'Good morning.',
      source_language: 'EN',
      target_language: 'zh-TW',
    });
    expect(chinese.json()).toMatchObject({ source_language: 'eng_Latn', target_language: 'cmn_Hant' });
  });

  it.each([
    [{ text: '', target_language: 'fra_Latn' }, 422, 'Text cannot be empty'],
    [{ text: ' \n\t ', target_language: 'fra_Latn' }, 422, 'Text cannot be empty'],
    [{ text: 'Hi.' }, 422, 'Target language is required'],
    [{ text: 'Hi.', target_language: '' }, 422, 'Target language is required'],
    [
      { text: 'Hi.', target_language: 'french' },
      422,
      "Invalid language code for target_language: 'french' (expected a code like eng_Latn or sw)",
    ],
    [
      { text: 'Hi.', target_language: 'auto' },
      422,
      "Invalid language code for target_language: 'auto' (expected a code like eng_Latn or sw)",
    ],
    [
      { text: 'Hi.', target_language: 'fra_Latn', source_language: 'English' },
      422,
      "Invalid language code for source_language: 'English' (expected a code like eng_Latn or sw, or auto)",
    ],
    [{ text: 'Hi.', target_language: 'sr-Latn' }, 422, 'Unsupported language: sr-Latn'],
    [{ text: 'Hi.', target_language: 'xxx_Latn' }, 422, 'Unsupported language: xxx_Latn'],
    [
      { text: '12345 !!! 🙂', target_language: 'fra_Latn' },
      422,
      /^Cannot detect a language: the text has no letters/,
    ],
    [
      { text: 'a'.repeat(5001), target_language: 'fra_Latn' },
      413,
      'Text is too long: 5001 characters (the limit is 5000 per request)',
    ],
  ])('refuses invalid request %# with %i', async (payload, status, detail) => {
    const response = await translate(app, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toMatch(
      detail instanceof RegExp ? detail : new RegExp(`^${escape(detail)}$`),
    );
  });

  it('counts cache hits and misses in /metrics', async () => {
    const payload = {
      text: 'Cache me once. Cache me twice.',
      source_language: 'eng_Latn',
      target_language: 'deu_Latn',
    };
    const read = async (name: string) => {
      const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(metrics)?.[1]);
    };
    const hitsBefore = await read('sema_translation_cache_hits_total');
    const first = (await translate(app, payload)).json<TranslateResponse>();
    const second = (await translate(app, payload)).json<TranslateResponse>();
    expect(second.translated_text).toBe(first.translated_text);
    expect(await read('sema_translation_cache_hits_total')).toBe(hitsBefore + 2);
    expect(await read('sema_translation_cache_misses_total')).toBeGreaterThanOrEqual(2);
  });

  describe('POST /api/v1/translate/batch', () => {
    it('translates every text, detecting each one on its own', async () => {
      const texts = [
        'Hello, how are you today my friend?',
        'Hola, ¿cómo estás hoy, amigo mío?',
        'Line one.\nLine two.',
      ];
      const response = await postJson(app, '/api/v1/translate/batch', { texts, target_language: 'fra_Latn' });
      expect(response.statusCode).toBe(200);
      const { translations } = response.json<BatchTranslateResponse>();
      expect(translations).toHaveLength(3);
      translations.forEach((item, i) => {
        expect(item.source_language).toBe(app.detector.detect(texts[i]!)!.language);
        expect(item.target_language).toBe('fra_Latn');
        expect(item.translated_text.length).toBeGreaterThan(0);
      });
      expect(translations[2]!.translated_text.split('\n')).toHaveLength(2);
    });

    it('gives the same translations as one request per text', async () => {
      const texts = ['Batch one.', 'Batch two is longer than the first.'];
      const batch = (
        await postJson(app, '/api/v1/translate/batch', {
          texts,
          source_language: 'eng_Latn',
          target_language: 'ita_Latn',
        })
      ).json<BatchTranslateResponse>();
      for (const [i, text] of texts.entries()) {
        const single = (
          await translate(app, { text, source_language: 'eng_Latn', target_language: 'ita_Latn' })
        ).json<TranslateResponse>();
        expect(batch.translations[i]!.translated_text).toBe(single.translated_text);
      }
    });

    it('translates 50 texts without piling listeners onto one abort signal (no MaxListenersExceededWarning)', async () => {
      const warnings: Error[] = [];
      const onWarning = (warning: Error) => warnings.push(warning);
      process.on('warning', onWarning);
      try {
        const texts = Array.from(
          { length: 50 },
          (_, i) => `Listener test number ${i}. It has two sentences.`,
        );
        const response = await postJson(app, '/api/v1/translate/batch', {
          texts,
          source_language: 'eng_Latn',
          target_language: 'deu_Latn',
        });
        expect(response.statusCode).toBe(200);
        expect(response.json<BatchTranslateResponse>().translations).toHaveLength(50);
        // Warnings are emitted on the next tick.
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('warning', onWarning);
      }
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    });

    it.each([
      [{ texts: [], target_language: 'fra_Latn' }, 422, /^texts must hold at least one text$/],
      [{ texts: 'Hi.', target_language: 'fra_Latn' }, 422, /texts must be an array/],
      [{ texts: ['Hi.'] }, 422, /^Target language is required$/],
      [{ texts: ['Hi.', '  '], target_language: 'fra_Latn' }, 422, /^Text cannot be empty \(texts\[1\]\)$/],
      [
        { texts: Array(51).fill('Hi.'), target_language: 'fra_Latn' },
        413,
        /^Too many texts: 51 \(the limit is 50 per request\)$/,
      ],
      [
        { texts: Array(5).fill('a'.repeat(4500)), target_language: 'fra_Latn' },
        413,
        /^Texts are too long: 22500 characters in all \(the limit is 20000 per request\)$/,
      ],
    ])('refuses invalid batch %# with %i', async (payload, status, detail) => {
      const response = await postJson(app, '/api/v1/translate/batch', payload);
      expect(response.statusCode).toBe(status);
      expect(response.json().detail).toMatch(detail);
    });
  });

  it('refuses to auto-detect text in a script no catalogue language uses, as the detect route does', async () => {
    const thaana = 'ދިވެހިބަސް އަކީ ރާއްޖޭގެ ބަހެވެ';
    const single = await translate(app, { text: thaana, target_language: 'eng_Latn' });
    expect(single.statusCode).toBe(422);
    expect(single.json()).toEqual({
      code: 'UNSUPPORTED_SCRIPT',
      detail:
        'Cannot detect a language: no supported language is written in this script; give source_language',
    });
    const batch = await postJson(app, '/api/v1/translate/batch', {
      texts: ['Hello there, my friend.', thaana],
      target_language: 'fra_Latn',
    });
    expect(batch.statusCode).toBe(422);
    expect(batch.json()).toMatchObject({
      code: 'UNSUPPORTED_SCRIPT',
      detail: expect.stringMatching(
        /^Cannot detect a language: no supported language .*\(texts\[1\]\); give source_language$/,
      ),
    });
    const digits = await translate(app, { text: '12345 !!! 🙂', target_language: 'fra_Latn' });
    expect(digits.json().code).toBe('NO_LETTERS');
  });

  it('answers 503 for work in flight when the model process dies, stays up, and recovers', async () => {
    // The built-in engine sits inside the router even with one model.
    const routed = pipelineOf(app).engine;
    const engine = (routed instanceof RoutedEngine ? routed.mainEngine : routed) as Seq2SeqEngine;
    const text = Array.from({ length: 60 }, (_, i) => `Crash test sentence ${i} with a few words.`).join(' ');
    const pending = translate(app, { text, source_language: 'eng_Latn', target_language: 'nld_Latn' });
    // Kill it once the first batch is in the engine and the rest still wait.
    await waitFor(() => pipelineOf(app).queued > 0 && pipelineOf(app).queued < 60, {
      interval: 5,
      what: 'the first batch in the engine and the rest queued',
    });
    await engine.killModelProcess();
    const response = await pending;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'MODEL_UNAVAILABLE',
      detail: expect.stringMatching(/engine stopped .*restarting/),
    });
    expect(response.headers['retry-after']).toBeDefined();
    const status = (await app.inject({ method: 'GET', url: '/status' })).json<StatusResponse>();
    expect(status.engines.translation.state).toBe('loading');
    await engine.whenReady();
    const again = await translate(app, {
      text: 'Back again.',
      source_language: 'eng_Latn',
      target_language: 'nld_Latn',
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('queueing on a real HTTP server', () => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    // A long batch window keeps sentences waiting in the queue long enough to look at them.
    app = await buildTestApp({ SEMA_BATCH_WINDOW_MS: '1000', SEMA_QUEUE_LIMIT: '2' });
    await pipelineOf(app).engine.whenReady();
    ({ base } = await listenOn(app));
  });
  afterAll(async () => {
    // fetch may open a spare connection after an aborted request; it would hold close() open.
    app.server.closeAllConnections();
    await app.close();
  });

  const body = (text: string) =>
    JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'fra_Latn' });

  it('refuses work beyond the queue limit with 503 and Retry-After', async () => {
    const waiting = fetch(`${base}/api/v1/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body('One. Two.'),
    });
    await waitFor(() => pipelineOf(app).queued === 2, { interval: 5, what: 'two requests queued' });
    const refused = await fetch(`${base}/api/v1/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body('Three. Four.'),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({
      code: 'OVERLOADED',
      detail: expect.stringMatching(/queue is full/),
    });
    const answered = await waiting;
    expect(answered.status).toBe(200);
    await answered.text();
  });

  it('answers a batch with more sentences than the queue holds when nothing else waits', async () => {
    const texts = ['First one. Second one.', 'Third one. Fourth one.'];
    const response = await fetch(`${base}/api/v1/translate/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ texts, source_language: 'eng_Latn', target_language: 'fra_Latn' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { translations: unknown[] }).translations).toHaveLength(2);
  });

  it('drops the queued sentences of a client that disconnects', async () => {
    const controller = new AbortController();
    const request = fetch(`${base}/api/v1/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body('Abandoned sentence.'),
      signal: controller.signal,
    });
    await waitFor(() => pipelineOf(app).queued === 1, { interval: 5, what: 'the request queued' });
    controller.abort();
    await expect(request).rejects.toThrow();
    // Gone from the queue well before its batch window would have sent it to the engine.
    await waitFor(() => pipelineOf(app).queued === 0, {
      timeout: 500,
      interval: 5,
      what: 'the abandoned request to leave the queue',
    });
  });
});

describe('without the model', () => {
  let app: App;
  let cache: string;
  beforeAll(async () => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-nomodel-'));
    app = await buildTestApp({
      SEMA_NLLB_MODEL: 'sema-test/not-downloadable',
      SEMA_HUB_URL: `http://127.0.0.1:${await freePort()}`,
      SEMA_MODEL_CACHE: cache,
    });
    await pipelineOf(app)
      .engine.whenReady()
      .catch(() => {});
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(cache, { recursive: true, force: true });
  });

  it('keeps running: /status is degraded with the reason, translate answers 503 with a hint', async () => {
    const status = (await app.inject({ method: 'GET', url: '/status' })).json<StatusResponse>();
    expect(status.status).toBe('degraded');
    expect(status.engines.translation).toMatchObject({
      state: 'error',
      detail: expect.stringMatching(
        /^cannot download sema-test\/not-downloadable from .* \(ECONNREFUSED\)\. Let this server reach/,
      ),
    });
    const response = await translate(app, {
      text: 'Hello.',
      source_language: 'eng_Latn',
      target_language: 'fra_Latn',
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'MODEL_UNAVAILABLE',
      detail: expect.stringMatching(
        /^Translation model is not available: cannot download .* set SEMA_TRANSLATION_MODEL to its folder$/,
      ),
    });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
