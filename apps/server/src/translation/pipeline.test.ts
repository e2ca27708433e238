import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors.ts';
import { Seq2SeqEngine } from './engines/seq2seq.ts';
import { createTranslationMetrics } from './metrics.ts';
import { TranslationPipeline, type TranslationPipelineOptions } from './pipeline.ts';
import { startFakeHub } from './testing/fake-hub.ts';
import { TINY_NLLB } from './testing/tiny-nllb.ts';
import { waitFor } from '@sema/testkit/wait-for';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
let engine: Seq2SeqEngine;

/** The tiny model on one thread, quiet (another model or cache with `options`), started. */
function startEngine(options: { model?: string; modelCache?: string; hubUrl?: string } = {}): Seq2SeqEngine {
  return new Seq2SeqEngine({
    model: TINY_NLLB,
    modelCache: '/nonexistent',
    dtype: 'q8',
    threads: 1,
    log: silent,
    progressOutput: null,
    ...options,
  }).start();
}

beforeAll(async () => {
  engine = startEngine();
  await engine.whenReady();
});
afterAll(() => engine.close());

/** A pipeline on the shared engine, with its own cache and metrics. */
function pipeline(options: Partial<TranslationPipelineOptions> = {}) {
  const registry = new Registry();
  const service = new TranslationPipeline({
    engine,
    batchWindowMs: 5,
    maxBatchSize: 16,
    queueLimit: 256,
    cacheSize: 1000,
    metrics: createTranslationMetrics(registry),
    ...options,
  });
  /** A counter's value, or a histogram's sum. */
  const metric = async (name: string) => {
    const found = (await registry.getMetricsAsJSON()).find((entry) => entry.name === name);
    const values = (found?.values ?? []) as { value: number; metricName?: string }[];
    return (
      values.find((value) => value.metricName === undefined || value.metricName.endsWith('_sum'))?.value ?? 0
    );
  };
  return { service, metric };
}

describe('TranslationPipeline on the tiny model', () => {
  it('translates each sentence and keeps the original whitespace and line breaks', async () => {
    const { service } = pipeline();
    const text = 'Hello.\n\nHow are you?  I am fine.\n\tIndented line\n';
    const whole = await service.translate({ text, source: 'eng_Latn', target: 'swh_Latn' });
    const [hello, how, fine, indented] = await engine.translate(
      ['Hello.', 'How are you?', 'I am fine.', 'Indented line'],
      'eng_Latn',
      'swh_Latn',
    );
    expect(whole).toBe(`${hello}\n\n${how}  ${fine}\n\t${indented}\n`);
  });

  it('returns a 5,000-character text whole, with every paragraph and line', async () => {
    const { service } = pipeline();
    const parts: string[] = [];
    for (let i = 0; parts.join('\n\n').length < 4600; i++) {
      parts.push(`Paragraph ${i} starts here. It talks about item ${i * 7}!\nIts second line asks why ${i}?`);
    }
    const body = parts.join('\n\n');
    // Ends with one long run without spaces or stops, which is cut into pieces, not dropped.
    const text = `${body}\n\n${'x'.repeat(5000 - body.length - 2)}`;
    expect(text.length).toBe(5000);
    const translated = await service.translate({ text, source: 'eng_Latn', target: 'fra_Latn' });
    const inputLines = text.split('\n');
    const outputLines = translated.split('\n');
    expect(outputLines).toHaveLength(inputLines.length);
    outputLines.forEach((line, i) => expect(line === '').toBe(inputLines[i] === ''));
    // The last paragraph, one long run of letters, was translated too.
    expect(outputLines.at(-1)!.length).toBeGreaterThan(0);
  });

  it('answers repeated sentences from the cache and counts hits and misses', async () => {
    const { service, metric } = pipeline();
    const request = { text: 'One sentence. Another sentence.', source: 'eng_Latn', target: 'deu_Latn' };
    const first = await service.translate(request);
    expect(await metric('sema_translation_cache_misses_total')).toBe(2);
    expect(await metric('sema_translation_batch_sentences')).toBe(2);
    const second = await service.translate(request);
    expect(second).toBe(first);
    expect(await metric('sema_translation_cache_hits_total')).toBe(2);
    expect(await metric('sema_translation_batch_sentences')).toBe(2); // no new engine work
  });

  it('keys the cache by language pair', async () => {
    const { service } = pipeline();
    const french = await service.translate({ text: 'Good night.', source: 'eng_Latn', target: 'fra_Latn' });
    const german = await service.translate({ text: 'Good night.', source: 'eng_Latn', target: 'deu_Latn' });
    expect(french).not.toBe(german);
  });

  it('batches the sentences of concurrent requests and computes identical ones once', async () => {
    const { service, metric } = pipeline();
    const texts = Array.from({ length: 12 }, (_, i) => `Sentence number ${i % 6}.`);
    const results = await Promise.all(
      texts.map((text) => service.translate({ text, source: 'eng_Latn', target: 'spa_Latn' })),
    );
    expect(results.slice(0, 6)).toEqual(results.slice(6));
    expect(await metric('sema_translation_batch_sentences')).toBe(6);
    expect(await metric('sema_translation_inflight_shared_total')).toBe(6);
    const calls = (await metric('sema_translation_batch_duration_seconds')) > 0;
    expect(calls).toBe(true);
  });

  it('returns the text unchanged when source and target are the same', async () => {
    const { service, metric } = pipeline();
    expect(
      await service.translate({ text: 'Unchanged.\n\nReally.', source: 'eng_Latn', target: 'eng_Latn' }),
    ).toBe('Unchanged.\n\nReally.');
    expect(await metric('sema_translation_cache_misses_total')).toBe(0);
  });

  it('refuses new work with 503 and Retry-After when the queue is full', async () => {
    // Two sentences go to the engine at once, the other four wait: the queue is then full.
    const { service, metric } = pipeline({ queueLimit: 4, maxBatchSize: 2, cacheSize: 0 });
    const busy = Array.from({ length: 6 }, (_, i) =>
      service.translate({
        text: `Busy sentence ${i} to keep the queue full.`,
        source: 'eng_Latn',
        target: 'ita_Latn',
      }),
    );
    const refused = await service
      .translate({
        text: 'One more. And another. And a third. And a fourth.',
        source: 'eng_Latn',
        target: 'ita_Latn',
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: 'OVERLOADED',
      headers: { 'Retry-After': expect.stringMatching(/^\d+$/) },
    });
    expect(await metric('sema_translation_queue_rejections_total')).toBe(1);
    await Promise.all(busy);
  });

  it('admits the texts of one request together: an idle server never refuses a request by its own size', async () => {
    // Eight texts of two sentences each: sixteen sentences against a queue of four.
    const { service } = pipeline({ queueLimit: 4, cacheSize: 0 });
    const texts = Array.from({ length: 8 }, (_, i) => `Text ${i} opens. Text ${i} closes.`);
    const translations = await service.translateAll(
      texts.map((text) => ({ text, source: 'eng_Latn', target: 'deu_Latn' })),
    );
    expect(translations).toHaveLength(8);
    expect(translations.every((translation) => translation.length > 0)).toBe(true);
  });

  it('drops the queued sentences of a request whose client went away', async () => {
    // One sentence per engine call, so the abandoned request waits behind twenty others.
    const { service, metric } = pipeline({ maxBatchSize: 1, cacheSize: 0 });
    const ahead = Array.from({ length: 20 }, (_, i) => `Sentence ${i} is ahead in the line.`).join(' ');
    const first = service.translate({ text: ahead, source: 'eng_Latn', target: 'por_Latn' });
    const controller = new AbortController();
    const abandoned = service.translate(
      { text: 'Never translated. Not this one either.', source: 'eng_Latn', target: 'por_Latn' },
      controller.signal,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(service.queued).toBeGreaterThan(2);
    controller.abort();
    await expect(abandoned).rejects.toMatchObject({ name: 'AbortError' });
    await first;
    expect(service.queued).toBe(0);
    expect(await metric('sema_translation_batch_sentences')).toBe(20);
  });
});

describe('TranslationPipeline while the model loads', () => {
  it('lets a request wait for a model that is loading, then answers it', async () => {
    const loading = startEngine();
    try {
      const { service } = pipeline({ engine: loading });
      expect(loading.status().state).toBe('loading');
      const text = await service.translate({ text: 'Early bird.', source: 'eng_Latn', target: 'fra_Latn' });
      expect(text.length).toBeGreaterThan(0);
    } finally {
      await loading.close();
    }
  });

  it('answers 503 with the download progress when the model takes too long to arrive', async () => {
    const hub = await startFakeHub('sema-test/slow-nllb', TINY_NLLB, { chunkBytes: 4096, chunkDelayMs: 20 });
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-slow-'));
    const slow = startEngine({ model: 'sema-test/slow-nllb', modelCache: cache, hubUrl: hub.url });
    try {
      const { service } = pipeline({ engine: slow, loadWaitMs: 100 });
      await waitFor(() => slow.status().progress !== undefined, {
        interval: 10,
        what: 'the download to report progress',
      });
      const error = await service
        .translate({ text: 'Too early.', source: 'eng_Latn', target: 'fra_Latn' })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        statusCode: 503,
        code: 'MODEL_UNAVAILABLE',
        headers: { 'Retry-After': '30' },
        detail: expect.stringMatching(
          /^Translation model is not available: the model is still downloading \(\d+% done\)\. Try again in a minute$/,
        ),
      });
    } finally {
      await slow.close();
      await hub.close();
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });
});
