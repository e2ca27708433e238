// The shared translation cache (REDIS_URL), on the tiny NLLB fixture, through the real HTTP server:
// POST /api/v1/translate answered from this process's LRU cache versus answered from Redis (the
// case of a sentence another process translated: a miss in this process, a hit in Redis, here made
// permanent by turning the LRU off), side by side, for a one-sentence and a 20-sentence text under
// 50 connections, and one sentence on one connection (what a lookup adds to a request).
// Needs `redis-server` (apt-get install redis-server); without it it says so and skips.
// Run alone with `node --import tsx bench/shared-cache.mjs`, or through `npm run bench`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fmt, load, root, startSema, table } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const FIXTURE = path.join(root, 'apps/server/test/fixtures/tiny-nllb');

const ONE = 'Hello, how are you today?';
const TWENTY = Array.from({ length: 20 }, (_, i) => `This is sentence number ${i + 1} of the text.`).join(
  ' ',
);

async function translate(url, text) {
  const response = await fetch(`${url}/api/v1/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'swh_Latn' }),
  });
  if (!response.ok) throw new Error(`translate answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function metric(url, name) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? 0);
}

const CASES = [
  { label: '1 sentence', text: ONE, connections: 50 },
  { label: '20 sentences', text: TWENTY, connections: 50 },
  { label: '1 sentence', text: ONE, connections: 1 },
];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** Every case against one server started with `env`, after `warm` put each text where it should be. */
async function measure(env, warm) {
  const sema = await startSema({ SEMA_NLLB_MODEL: FIXTURE, ...env });
  try {
    for (const { text } of CASES) await warm(sema.url, text);
    const results = [];
    for (const { text, connections } of CASES) {
      const body = JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'swh_Latn' });
      const engineBefore = await metric(sema.url, 'sema_translation_batch_sentences_sum');
      const result = await load({
        url: `${sema.url}/api/v1/translate`,
        method: 'POST',
        body,
        connections,
        duration: DURATION,
      });
      const engineSentences = (await metric(sema.url, 'sema_translation_batch_sentences_sum')) - engineBefore;
      results.push({ ...result, engineSentences });
    }
    return results;
  } finally {
    await sema.stop();
  }
}

/** In-process: the first request fills the LRU, so the load is all LRU hits. */
const inProcess = () => measure({}, (url, text) => translate(url, text));

/** Redis: another server fills Redis; this one, with no LRU, answers every request from Redis. */
async function fromRedis(redisUrl) {
  const filler = await startSema({ SEMA_NLLB_MODEL: FIXTURE, REDIS_URL: redisUrl });
  try {
    for (const { text } of CASES) await translate(filler.url, text);
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    await filler.stop();
  }
  return measure({ REDIS_URL: redisUrl, SEMA_TRANSLATION_CACHE_SIZE: '0' }, async (url, text) => {
    await translate(url, text);
    if ((await metric(url, 'sema_translation_batch_sentences_sum')) > 0) {
      throw new Error('the Redis run translated instead of hitting the shared cache');
    }
  });
}

/** The better of two runs of the same case (the machine's other load only ever slows a run down). */
const better = (a, b) => (!a || b.rps > a.rps ? b : a);

export async function run() {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    console.log('\nShared cache: skipped — redis-server is not installed (apt-get install redis-server)');
    return { skipped: true };
  }
  // Imported once redis-server is known to be there: the module checks for it as it loads.
  const { startRedis } = await import('@sema/testkit/redis');
  const redis = await startRedis();
  const local = [];
  const shared = [];
  try {
    // Rounds alternate the two set-ups, so a burst of other load does not favour one of them.
    for (let round = 0; round < ROUNDS; round++) {
      (await inProcess()).forEach((result, i) => (local[i] = better(local[i], result)));
      (await fromRedis(redis.url)).forEach((result, i) => (shared[i] = better(shared[i], result)));
    }
  } finally {
    await redis.stop();
  }
  console.log(
    `\nShared cache: POST /api/v1/translate answered from a cache, ${DURATION} s each, best of ${ROUNDS} (tiny model)`,
  );
  const row = (c, from, r) => [
    c.label,
    String(c.connections),
    from,
    fmt(r.rps),
    `${fmt(r.p99)} ms`,
    fmt(r.engineSentences),
    String(r.errors),
  ];
  console.log(
    table([
      ['text', 'connections', 'answered from', 'req/s', 'p99', 'engine sentences', 'errors'],
      ...CASES.flatMap((c, i) => [row(c, 'process LRU', local[i]), row(c, 'Redis (LRU off)', shared[i])]),
    ]),
  );
  CASES.forEach((c, i) => {
    const extra =
      c.connections === 1 ? `, +${fmt(1000 / shared[i].rps - 1000 / local[i].rps, 2)} ms per request` : '';
    console.log(
      `${c.label}, ${c.connections} connection${c.connections === 1 ? '' : 's'}: Redis / process LRU ${fmt(shared[i].rps / local[i].rps, 2)}${extra}`,
    );
  });
  return { cases: CASES.map((c, i) => ({ ...c, local: local[i], shared: shared[i] })) };
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
