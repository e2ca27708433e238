// Issue 3's benchmark, on the tiny NLLB fixture (so it runs anywhere, offline):
//  1. 64 concurrent one-sentence POST /api/v1/translate requests, every sentence different (cache
//     off), with the dynamic batcher on (batches of up to 16) versus off (batch size 1), side by side;
//  2. cache-hit throughput of POST /api/v1/translate versus a bare node:http server answering the
//     same bytes;
//  3. greedy decoding versus beam search (4 beams) in-process, batches of 16 sentences.
// Run alone with `node --import tsx bench/translation.mjs`, or through `npm run bench`.
import path from 'node:path';
import { Seq2SeqModel, resolveModelSource } from '@sema/server/seq2seq';
import { fmt, load, root, startScript, startSema, table } from './lib.mjs';
import { waitFor } from '@sema/testkit/wait-for';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = 64;
const FIXTURE = path.join(root, 'apps/server/test/fixtures/tiny-nllb');

/** Resolves once the server's translation engine is ready; fails at once if it failed. */
function waitForTranslation(url) {
  const failed = new AbortController();
  return waitFor(
    async () => {
      const status = /** @type {any} */ (await (await fetch(`${url}/status`)).json());
      const state = status.engines.translation.state;
      if (state === 'error')
        failed.abort(new Error(`translation engine failed: ${status.engines.translation.detail}`));
      return state === 'ready';
    },
    { timeout: 60_000, interval: 100, what: 'the translation engine to be ready', signal: failed.signal },
  );
}

/** CLIENTS clients, each sending one-sentence requests back to back, every sentence unique. */
async function concurrentSentences(url, seconds) {
  let counter = 0;
  let ok = 0;
  let failed = 0;
  const latencies = [];
  const stopAt = performance.now() + seconds * 1000;
  const client = async (id) => {
    while (performance.now() < stopAt) {
      const text = `Client ${id} asks question number ${counter++} about the weather today.`;
      const started = performance.now();
      const response = await fetch(`${url}/api/v1/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'fra_Latn' }),
      });
      await response.arrayBuffer();
      if (response.ok) {
        ok++;
        latencies.push(performance.now() - started);
      } else failed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: ok / elapsed, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0, failed };
}

/** A row of the batching table: one run's throughput, latency, batches and errors. */
function batchRow(label, run) {
  return [
    label,
    fmt(run.rps),
    `${fmt(run.p99)} ms`,
    fmt(run.meanBatch, 1),
    `${fmt(run.batchMs, 1)} ms`,
    String(run.failed),
  ];
}

async function batchingRun(batched) {
  const sema = await startSema({
    SEMA_NLLB_MODEL: FIXTURE,
    SEMA_TRANSLATION_CACHE_SIZE: '0',
    SEMA_MAX_BATCH_SIZE: batched ? '16' : '1',
    SEMA_BATCH_WINDOW_MS: batched ? '5' : '0',
    SEMA_QUEUE_LIMIT: '10000',
  });
  try {
    await waitForTranslation(sema.url);
    await concurrentSentences(sema.url, 1); // warm up
    const scrape = async () => (await fetch(`${sema.url}/metrics`)).text();
    const before = await scrape();
    const result = await concurrentSentences(sema.url, DURATION);
    const after = await scrape();
    const metric = (text, name) => Number(new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? 0);
    const batches =
      metric(after, 'sema_translation_batch_sentences_count') -
      metric(before, 'sema_translation_batch_sentences_count');
    const sentences =
      metric(after, 'sema_translation_batch_sentences_sum') -
      metric(before, 'sema_translation_batch_sentences_sum');
    const seconds =
      metric(after, 'sema_translation_batch_duration_seconds_sum') -
      metric(before, 'sema_translation_batch_duration_seconds_sum');
    return {
      ...result,
      meanBatch: batches ? sentences / batches : 0,
      batchMs: batches ? (seconds / batches) * 1000 : 0,
    };
  } finally {
    await sema.stop();
  }
}

export async function run() {
  const on = await batchingRun(true);
  const off = await batchingRun(false);
  console.log(
    `\nBatching: ${CLIENTS} concurrent one-sentence requests, unique sentences, cache off, ${DURATION} s each (tiny model)`,
  );
  console.log(
    table([
      ['batcher', 'sentences/s', 'p99', 'mean batch', 'mean engine call', 'errors'],
      batchRow('on (up to 16, 5 ms window)', on),
      batchRow('off (batch size 1)', off),
    ]),
  );
  console.log(`batching on / off: ${fmt(on.rps / off.rps, 2)}×`);

  // Cache hits: the same sentence again and again, through the whole HTTP stack.
  const body = JSON.stringify({
    text: 'Hello, how are you today?',
    source_language: 'eng_Latn',
    target_language: 'swh_Latn',
  });
  const sema = await startSema({ SEMA_NLLB_MODEL: FIXTURE });
  let cached;
  let bytes;
  try {
    await waitForTranslation(sema.url);
    bytes = await (
      await fetch(`${sema.url}/api/v1/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    ).text();
    cached = await load({ url: `${sema.url}/api/v1/translate`, method: 'POST', body, duration: DURATION });
  } finally {
    await sema.stop();
  }
  const bare = await startScript(path.join(root, 'bench/bare-server.mjs'), { BARE_DETECT: bytes });
  let baseline;
  try {
    baseline = await load({ url: bare.url, method: 'POST', body, duration: DURATION });
  } finally {
    await bare.stop();
  }
  console.log(
    `\nCache hits: POST /api/v1/translate, one cached sentence, 50 connections, ${DURATION} s each`,
  );
  console.log(
    table([
      ['server', 'req/s', 'p99', 'errors'],
      ['Sema (cache hit)', fmt(cached.rps), `${fmt(cached.p99)} ms`, String(cached.errors)],
      ['bare node:http', fmt(baseline.rps), `${fmt(baseline.p99)} ms`, String(baseline.errors)],
    ]),
  );
  console.log(`Sema / bare: ${fmt(cached.rps / baseline.rps, 2)}`);

  const beams = await beamRun();
  console.log(
    `\nDecoding: batches of 16 different sentences, in-process, one thread, rounds alternating (tiny model)`,
  );
  console.log(
    table([
      ['decoding', 'sentences/s', 'decoder steps per batch'],
      ['greedy (SEMA_NLLB_BEAMS=1)', fmt(beams.greedy.rate), fmt(beams.greedy.steps, 1)],
      ['beam search, 4 beams', fmt(beams.beam.rate), fmt(beams.beam.steps, 1)],
    ]),
  );
  console.log(`beam 4 / greedy: ${fmt(beams.beam.rate / beams.greedy.rate, 2)}×`);
  return {
    batching: { on, off, ratio: on.rps / off.rps },
    cache: { sema: cached, bare: baseline, ratio: cached.rps / baseline.rps },
    beams: { ...beams, ratio: beams.beam.rate / beams.greedy.rate },
  };
}

/** Greedy and 4-beam models side by side, a round of each in turn so both see the same machine. */
export async function beamRun(seconds = DURATION * 2) {
  const source = resolveModelSource(FIXTURE, { cacheDir: '' });
  const texts = [
    'Hello there.',
    'How are you today, my friend?',
    'The train to the city leaves at nine in the morning.',
    'Please send me the report before the meeting on Friday afternoon.',
  ];
  const sentences = Array.from({ length: 64 }, (_, i) => `${i + 1}. ${texts[i % texts.length]}`);
  const load = (beams) => Seq2SeqModel.load({ source, dtype: 'q8', threads: 1, beams });
  const runs = { greedy: { model: await load(1) }, beam: { model: await load(4) } };
  const round = async (run) => {
    const started = performance.now();
    for (let i = 0; i < sentences.length; i += 16) {
      const { stats } = await run.model.translate(sentences.slice(i, i + 16), 'eng_Latn', 'fra_Latn');
      run.steps += stats.steps;
      run.batches++;
    }
    run.seconds += (performance.now() - started) / 1000;
    run.count += sentences.length;
  };
  const reset = () =>
    Object.values(runs).forEach((run) => Object.assign(run, { seconds: 0, count: 0, steps: 0, batches: 0 }));
  reset();
  for (const run of Object.values(runs)) await round(run); // warm up
  reset();
  const stopAt = performance.now() + seconds * 1000;
  while (performance.now() < stopAt) for (const run of Object.values(runs)) await round(run);
  const result = {};
  for (const [name, run] of Object.entries(runs)) {
    await run.model.dispose();
    result[name] = { rate: run.count / run.seconds, steps: run.steps / run.batches };
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
