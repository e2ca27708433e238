// `npm run bench:memory`: the model process's memory levers, measured side by side on ONE
// configuration (synthetic NLLB-600M q8, greedy, batches of 8, outputs forced to round(1.15 × source
// tokens), as bench:engine). Each run is a fresh process (so its peak, VmHWM, is its own) that
// loads the model as the model process does (Seq2SeqModel.load, the engine's int8 copies, the
// model process's allocator environment) with one lever changed, decodes `--batches` batches of 8,
// and reports its resident memory after loading, its peak after loading and after decoding,
// tokens/s and the tokenizer's share. Runs go engine, levers…, engine (the order reversed every other
// round, so each lever sits between two runs of the engine as it is); per lever the median over the
// rounds and its ratio to the engine's median. Load average and commit printed.
//
//   npm run bench:memory -- [--levers arena,glibc,no-prepack-encoder,no-prepack] [--rounds 2]
//                           [--batches 3] [--batch 8] [--beams 1] [--quick]
// Levers: tied (the decoder's copy with its embedding read from the tied output projection, as
// before embedding-rows.ts) · inline (the engine's copies with their weights inside them, as before
// external-weights.ts) · encoder-first (the encoder's session opened before the decoder's, as before) · arena (ONNX Runtime's CPU memory arena on, both sessions) · glibc (glibc's default
// thresholds instead of the model process's MALLOC_* settings) · no-prepack-encoder /
// no-prepack-decoder / no-prepack (`session.disable_prepacking`) · tokenizer (the tokenizer alone:
// its resident memory and JS heap).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { procMemoryKb } from '../scripts/lib/proc-memory.ts';
import { root } from './lib.mjs';
import { commit, loadAverage } from './run-record.ts';
import { sentences } from './synthetic-input.ts';

const { values: args } = parseArgs({
  options: {
    child: { type: 'string' },
    levers: { type: 'string', default: 'arena,glibc,no-prepack-encoder,no-prepack,tokenizer' },
    rounds: { type: 'string', default: '2' },
    batches: { type: 'string', default: '3' },
    batch: { type: 'string', default: '8' },
    beams: { type: 'string', default: '1' },
    quick: { type: 'boolean', default: false },
  },
});

const RATIO = 1.15;
const BATCH = Number(args.batch);
const BEAMS = Number(args.beams);
const mb = (kb: number) => kb / 1024;

interface Lever {
  env?: 'glibc';
  benchCopy?: 'tied' | 'inline';
  encoderFirst?: boolean;
  prepacked?: 'none' | 'decoder' | 'both';
  tokenizerOnly?: boolean;
  encoder?: { enableCpuMemArena?: boolean; session?: Record<string, string> };
  decoder?: { enableCpuMemArena?: boolean; session?: Record<string, string> };
}
const NO_PREPACK = { session: { disable_prepacking: '1' } };
const LEVERS: Record<string, Lever> = {
  engine: {},
  inline: { benchCopy: 'inline' },
  tied: { benchCopy: 'tied' },
  'encoder-first': { encoderFirst: true },
  'no-prepacked-file': { prepacked: 'none' },
  'prepacked-encoder': { prepacked: 'both' },
  arena: { encoder: { enableCpuMemArena: true }, decoder: { enableCpuMemArena: true } },
  glibc: { env: 'glibc' },
  'no-prepack-encoder': { encoder: NO_PREPACK },
  'no-prepack-decoder': { decoder: NO_PREPACK },
  'no-prepack': { encoder: NO_PREPACK, decoder: NO_PREPACK },
  tokenizer: { tokenizerOnly: true },
};

interface Reading {
  lever: string;
  baseRssMb: number;
  loadedRssMb: number;
  loadedPeakMb: number;
  peakMb: number;
  loadSeconds: number;
  tokensPerS: number;
  /** Tokens per second of the process's CPU time (user + system): steadier than tokens/s on a shared machine. */
  tokensPerCpuS: number;
  heapUsedMb: number;
  tokens: number;
}

/** One run, in this (fresh) process. */
async function child(options: { lever: string; folder: string; cacheRoot: string; batches: number }) {
  const seq2seq = await import('@sema/server/seq2seq');
  const lever = LEVERS[options.lever]!;
  global.gc?.();
  const baseRssMb = mb(procMemoryKb(process.pid));
  const baseHeap = process.memoryUsage().heapUsed;
  const source = seq2seq.resolveModelSource(options.folder, { cacheDir: '/nonexistent' });
  if (lever.tokenizerOnly) {
    const tokenizer = await seq2seq.loadModelTokenizer(source);
    global.gc?.();
    const reading: Reading = {
      lever: options.lever,
      baseRssMb,
      loadedRssMb: mb(procMemoryKb(process.pid)),
      loadedPeakMb: mb(procMemoryKb(process.pid, 'VmHWM')),
      peakMb: mb(procMemoryKb(process.pid, 'VmHWM')),
      loadSeconds: NaN,
      tokensPerS: NaN,
      tokensPerCpuS: NaN,
      heapUsedMb: (process.memoryUsage().heapUsed - baseHeap) / 2 ** 20,
      tokens: tokenizer.vocabularySize,
    };
    console.log(JSON.stringify(reading));
    return;
  }
  const t0 = performance.now();
  const model = await seq2seq.Seq2SeqModel.load({
    source,
    copyCache: options.cacheRoot,
    dtype: 'q8',
    threads: os.availableParallelism(),
    forceLengthRatio: RATIO,
    beams: BEAMS,
    sessionOverrides: { encoder: lever.encoder, decoder: lever.decoder },
    ...(lever.benchCopy && { benchCopy: lever.benchCopy }),
    ...(lever.encoderFirst && { benchEncoderFirst: true }),
    ...(lever.prepacked && { benchPrepacked: lever.prepacked }),
  });
  const loadSeconds = (performance.now() - t0) / 1000;
  global.gc?.();
  const loadedRssMb = mb(procMemoryKb(process.pid));
  const loadedPeakMb = mb(procMemoryKb(process.pid, 'VmHWM'));
  await model.translate(sentences(BATCH, 99), 'eng_Latn', 'fra_Latn');
  let tokens = 0;
  const t1 = performance.now();
  const cpu1 = process.cpuUsage();
  for (let b = 0; b < options.batches; b++) {
    const { stats } = await model.translate(sentences(BATCH, 3000 + b), 'eng_Latn', 'fra_Latn');
    tokens += stats.generatedTokens;
  }
  const seconds = (performance.now() - t1) / 1000;
  const cpu = process.cpuUsage(cpu1);
  const reading: Reading = {
    lever: options.lever,
    baseRssMb,
    loadedRssMb,
    loadedPeakMb,
    peakMb: mb(procMemoryKb(process.pid, 'VmHWM')),
    loadSeconds,
    tokensPerS: tokens / seconds,
    tokensPerCpuS: tokens / ((cpu.user + cpu.system) / 1e6),
    heapUsedMb: (process.memoryUsage().heapUsed - baseHeap) / 2 ** 20,
    tokens,
  };
  await model.dispose();
  console.log(JSON.stringify(reading));
}

if (args.child) {
  await child(JSON.parse(args.child));
  process.exit(0);
}

const size = args.quick ? 'tiny' : '600M';
const name = size === 'tiny' ? 'nllb-200-synthetic-tiny' : 'nllb-200-distilled-600M';
const cacheRoot = process.env.SEMA_BENCH_MODEL_DIR ?? path.join(os.homedir(), '.cache', 'sema', 'synthetic');
const folder = path.join(cacheRoot, name);
if (!fs.existsSync(path.join(folder, 'onnx', 'decoder_model_merged_quantized.onnx'))) {
  execFileSync(
    '/usr/bin/python3',
    [path.join(root, 'apps/server/scripts/make-synthetic-nllb.py'), folder, '--size', size, '--dtypes', 'q8'],
    { stdio: 'inherit' },
  );
}
const levers = args.levers.split(',');
for (const lever of levers) if (!LEVERS[lever]) throw new Error(`unknown lever ${lever}`);
const rounds = Number(args.rounds);
const batches = Number(args.batches);
const weightsMb =
  ['encoder_model_quantized.onnx', 'decoder_model_merged_quantized.onnx']
    .map((file) => fs.statSync(path.join(folder, 'onnx', file)).size)
    .reduce((a, b) => a + b, 0) /
  2 ** 20;
const load = () => loadAverage().join(' ');
const { modelProcessEnv } = await import('@sema/server/seq2seq');

function run(lever: string, runBatches = batches): Reading {
  const env = { ...process.env };
  for (const key of ['MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_']) delete env[key];
  const childEnv = LEVERS[lever]!.env === 'glibc' ? env : modelProcessEnv(env);
  const result = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--child',
      JSON.stringify({ lever, folder, cacheRoot, batches: runBatches }),
    ],
    { cwd: root, env: childEnv, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const last = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.status !== 0 || !last.startsWith('{'))
    throw new Error(`${lever}: exit ${result.status}\n${result.stderr.slice(-3000)}`);
  // NaN (a tokenizer-only run's speed) comes back from JSON as null.
  const reading = JSON.parse(last, (_, value: unknown) => (value === null ? NaN : value)) as Reading;
  console.log(
    `  ${lever.padEnd(20)} base ${reading.baseRssMb.toFixed(0)} MB, loaded ${reading.loadedRssMb.toFixed(0)} MB ` +
      `(peak ${reading.loadedPeakMb.toFixed(0)}), peak ${reading.peakMb.toFixed(0)} MB, ` +
      `${reading.tokensPerS.toFixed(1)} tokens/s (${reading.tokensPerCpuS.toFixed(1)} per CPU-s), load ${reading.loadSeconds.toFixed(1)} s, ` +
      `JS heap +${reading.heapUsedMb.toFixed(0)} MB; load average ${load()}`,
  );
  return reading;
}

console.log(
  `Synthetic NLLB ${size} q8, ${BEAMS > 1 ? `${BEAMS} beams` : 'greedy'}, batch ${BATCH}, ${batches} batches a run, ${rounds} rounds, ` +
    `weights ${weightsMb.toFixed(0)} MB, commit ${commit}, load ${load()}`,
);
// One load per lever first, not counted: it writes the copies that lever opens (the prepacked
// decoder is saved by ONNX Runtime opening the copy once), so every counted run opens them as a
// restarted server does. Its peak is the first start's.
console.log('first starts (copies written if missing; not counted):');
for (const lever of new Set(['engine', ...levers])) if (!LEVERS[lever]!.tokenizerOnly) run(lever, 0);
const readings: Record<string, Reading[]> = {};
for (let round = 0; round < rounds; round++) {
  const order = round % 2 ? [...levers].reverse() : levers;
  for (const lever of ['engine', ...order, 'engine']) (readings[lever] ??= []).push(run(lever));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const range = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
const base = readings.engine!;
console.log(
  '\n| run | loaded MB | peak after load MB | peak MB | ÷ weights | peak ÷ engine | tokens/s | ÷ engine | tokens per CPU-s | ÷ engine | load s |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [lever, rs] of Object.entries(readings)) {
  const peak = rs.map((r) => r.peakMb);
  const tps = rs.map((r) => r.tokensPerS);
  const perCpu = rs.map((r) => r.tokensPerCpuS);
  console.log(
    `| ${lever} | ${range(rs.map((r) => r.loadedRssMb))} | ${range(rs.map((r) => r.loadedPeakMb))} | ${range(peak)} | ` +
      `${(median(peak) / weightsMb).toFixed(2)}× | ${(median(peak) / median(base.map((r) => r.peakMb))).toFixed(2)}× | ` +
      `${range(tps, 1)} | ${(median(tps) / median(base.map((r) => r.tokensPerS))).toFixed(2)}× | ` +
      `${range(perCpu, 1)} | ${(median(perCpu) / median(base.map((r) => r.tokensPerCpuS))).toFixed(2)}× | ` +
      `${range(
        rs.map((r) => r.loadSeconds),
        1,
      )} |`,
  );
}
console.log(`\nload ${load()}, commit ${commit}`);
