// `npm run bench:server`: the engine as users run it. The real server (apps/server/src/server.ts,
// its batcher and model process) on the synthetic NLLB-600M (generated on first run into
// ~/.cache/sema/synthetic by apps/server/scripts/make-synthetic-nllb.py), one sentence per
// POST /api/v1/translate, from 1, 8 and 32 concurrent clients; beside it, in the same run, the same
// sentences straight through the engine (Seq2SeqEngine, its own model process) in batches of 8,
// as `bench:engine` runs it, so that what the HTTP layer and the batcher cost or gain is seen.
//
// Output lengths are NOT forced here (the server has no such mode): random weights decode greedy
// to the translation limits or the loop guard, identically on both sides; tokens are counted by the
// server's own sema_translation_generated_tokens_total and the engine's onBatch. The translation
// cache is off and every request's sentence is new. The model process's resident memory is sampled
// every 50 ms (its peak per phase) and its VmHWM read at the end.
//
// Per round (the side going first alternates), median (min–max) over the rounds of sentences/s,
// tokens/s, p50/p95 latency per request and peak RSS; load average and commit printed.
//
//   npm run bench:server -- [--rounds 3] [--sentences 32] [--clients 1,8,32] [--quick] [--out FILE]
// --quick: the tiny NLLB test fixture (copies in a temporary model cache), one round, 8 sentences:
// checks the whole bench in seconds (apps/server/test/bench-server.test.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSema } from '@sema/testkit/sema';
import { waitFor } from '@sema/testkit/wait-for';
import { childPids, procMemoryKb } from '../scripts/lib/proc-memory.ts';
import { root } from './lib.mjs';
import { appendRun, commit, loadAverage } from './run-record.ts';
import { sentences, startForcedEngine } from './synthetic-input.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    sentences: { type: 'string' },
    clients: { type: 'string', default: '1,8,32' },
    out: { type: 'string' },
  },
});
const size = args.quick ? 'tiny' : '600M';
const rounds = Number(args.rounds ?? (args.quick ? 1 : 3));
const count = Number(args.sentences ?? (args.quick ? 8 : 32));
const clientCounts = args.clients.split(',').map(Number);
const DIRECT_BATCH = 8;
const threads = os.availableParallelism();
const cacheRoot = args.quick
  ? fs.mkdtempSync(path.join(os.tmpdir(), 'sema-bench-server-'))
  : (process.env.SEMA_BENCH_MODEL_DIR ?? path.join(os.homedir(), '.cache', 'sema', 'synthetic'));
const folder = args.quick
  ? path.join(root, 'apps/server/test/fixtures/tiny-nllb')
  : path.join(cacheRoot, 'nllb-200-distilled-600M');

function ensureModel(): void {
  if (fs.existsSync(path.join(folder, 'onnx', 'decoder_model_merged_quantized.onnx'))) return;
  try {
    execFileSync('/usr/bin/python3', ['-c', 'import onnx, numpy'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      "The synthetic model generator needs Debian's python3-onnx and python3-numpy: apt-get install -y python3-onnx python3-numpy",
    );
  }
  console.log(`Generating the synthetic ${size} model into ${folder} …`);
  execFileSync(
    '/usr/bin/python3',
    [path.join(root, 'apps/server/scripts/make-synthetic-nllb.py'), folder, '--size', size, '--dtypes', 'q8'],
    { stdio: 'inherit' },
  );
}

interface Spread {
  median: number;
  min: number;
  max: number;
}
const spread = (xs: number[]): Spread => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[sorted.length >> 1]!, min: sorted[0]!, max: sorted.at(-1)! };
};
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Samples a process's resident memory every 50 ms until stopped; gives the highest seen, MB. */
function sampleRss(pid: number): () => number {
  let peak = procMemoryKb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, procMemoryKb(pid))), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, procMemoryKb(pid)) / 1024;
  };
}

interface Phase {
  seconds: number;
  tokens: number;
  latenciesMs: number[];
  peakRssMb: number;
}

async function generatedTokens(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^sema_translation_generated_tokens_total\s+(\S+)/m.exec(text)?.[1] ?? NaN);
}

/** `clients` clients sending one sentence per request back to back until `texts` are all sent. */
async function throughServer(
  url: string,
  modelPid: number,
  texts: string[],
  clients: number,
): Promise<Phase> {
  const tokens0 = await generatedTokens(url);
  const stopSampling = sampleRss(modelPid);
  const latenciesMs: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < texts.length) {
      const text = texts[next++]!;
      const t0 = performance.now();
      const response = await fetch(`${url}/api/v1/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'fra_Latn' }),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`POST /api/v1/translate: ${response.status} ${body.slice(0, 300)}`);
      latenciesMs.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - t0) / 1000;
  const peakRssMb = stopSampling();
  return { seconds, tokens: (await generatedTokens(url)) - tokens0, latenciesMs, peakRssMb };
}

ensureModel();
const sema = await startSema({
  env: {
    SEMA_TRANSLATION_MODEL: folder,
    SEMA_MODEL_CACHE: cacheRoot,
    SEMA_TRANSLATION_DTYPE: 'q8',
    SEMA_TRANSLATION_CACHE_SIZE: '0',
    SEMA_QUEUE_LIMIT: '10000',
    SEMA_OPERATOR_ROUTES: 'open',
  },
  ready: '/readyz/translation',
  timeout: 600_000,
  output: 'capture',
});
const modelPid = await waitFor(
  () =>
    childPids(sema.pid!).find((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('model-process');
      } catch {
        return false;
      }
    }),
  { timeout: 10_000, interval: 100, what: "the server's model process" },
);
let directTokens = 0;
const direct = await startForcedEngine({
  folder,
  cacheRoot,
  dtype: 'q8',
  threads,
  onTokens: (n) => (directTokens += n),
});

/** The same sentences straight through the engine, in batches of DIRECT_BATCH. */
async function throughEngine(texts: string[]): Promise<Phase> {
  directTokens = 0;
  const stopSampling = sampleRss(direct.pid!);
  const latenciesMs: number[] = [];
  const t0 = performance.now();
  for (let start = 0; start < texts.length; start += DIRECT_BATCH) {
    const b0 = performance.now();
    await direct.engine.translate(texts.slice(start, start + DIRECT_BATCH), 'eng_Latn', 'fra_Latn');
    const took = performance.now() - b0;
    for (let i = start; i < Math.min(texts.length, start + DIRECT_BATCH); i++) latenciesMs.push(took);
  }
  const seconds = (performance.now() - t0) / 1000;
  return { seconds, tokens: directTokens, latenciesMs, peakRssMb: stopSampling() };
}

// Warm both (first batches pay one-time costs), with sentences no phase uses.
await throughServer(sema.url, modelPid, sentences(8, 7), 8);
await throughEngine(sentences(8, 7));

const labels = [
  ...clientCounts.map((c) => `server, ${c} client${c === 1 ? '' : 's'}`),
  `engine direct, batch ${DIRECT_BATCH}`,
];
const phases: Phase[][] = labels.map(() => []);
const loads: number[][] = [];
console.log(
  `Synthetic NLLB ${size} q8, greedy, ${threads} threads, ${count} sentences a phase, ${rounds} rounds, ` +
    `commit ${commit}, load ${loadAverage().join(' ')}`,
);
for (let round = 0; round < rounds; round++) {
  const texts = sentences(count, 2000 + round);
  const run = async (i: number) =>
    phases[i]!.push(
      i < clientCounts.length
        ? await throughServer(sema.url, modelPid, texts, clientCounts[i]!)
        : await throughEngine(texts),
    );
  const order = labels.map((_, i) => i);
  for (const i of round % 2 ? order.reverse() : order) await run(i);
  loads.push(loadAverage());
  console.log(`  round ${round + 1} done, load ${loads.at(-1)!.join(' ')}`);
}

const f = (n: number, digits = 1) => n.toFixed(digits);
const range = (s: Spread, digits = 1) => `${f(s.median, digits)} (${f(s.min, digits)}–${f(s.max, digits)})`;
const results = labels.map((label, i) => {
  const runs = phases[i]!;
  const sorted = (r: Phase) => [...r.latenciesMs].sort((a, b) => a - b);
  return {
    label,
    sentences_per_s: spread(runs.map((r) => count / r.seconds)),
    tokens_per_s: spread(runs.map((r) => r.tokens / r.seconds)),
    tokens: spread(runs.map((r) => r.tokens)),
    p50_ms: spread(runs.map((r) => quantile(sorted(r), 0.5))),
    p95_ms: spread(runs.map((r) => quantile(sorted(r), 0.95))),
    peak_rss_mb: spread(runs.map((r) => r.peakRssMb)),
  };
});
const directTps = results.at(-1)!.tokens_per_s.median;
console.log(
  '\n| path | sentences/s | tokens/s | ÷ engine direct | p50 ms | p95 ms | model process peak RSS MB |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.label} | ${range(r.sentences_per_s, 2)} | ${range(r.tokens_per_s)} | ${f(r.tokens_per_s.median / directTps, 2)}× | ` +
      `${range(r.p50_ms, 0)} | ${range(r.p95_ms, 0)} | ${range(r.peak_rss_mb, 0)} |`,
  );
}
const serverHwm = procMemoryKb(modelPid, 'VmHWM') / 1024;
const directHwm = procMemoryKb(direct.pid!, 'VmHWM') / 1024;
console.log(
  `\nModel process VmHWM over the whole run (load included): server ${f(serverHwm, 0)} MB, ` +
    `engine direct ${f(directHwm, 0)} MB; tokens per phase equal on both paths: ` +
    `${results.every((r) => r.tokens.median === results[0]!.tokens.median) ? 'yes' : 'NO'}; ` +
    `load ${loadAverage().join(' ')}`,
);

await direct.engine.close();
await sema.stop({ grace: 10_000 });

if (args.quick) fs.rmSync(cacheRoot, { recursive: true, force: true });
const out = args.out ?? path.join(root, 'bench/results/server-engine.json');
const record = {
  date: new Date().toISOString(),
  commit,
  size,
  threads,
  rounds,
  sentences: count,
  load: loads,
  cpu: os.cpus()[0]?.model,
  synthetic_weights: true,
  server_vm_hwm_mb: serverHwm,
  direct_vm_hwm_mb: directHwm,
  results,
};
appendRun(out, record);
console.log(`wrote ${path.relative(root, out)}`);
