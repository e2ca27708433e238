// `npm run bench:engine`: the NLLB engine at the real model's size, on synthetic (seeded random)
// weights of the real shape, generated on first run by apps/server/scripts/make-synthetic-nllb.py
// into ~/.cache/sema/synthetic (SEMA_BENCH_MODEL_DIR to change; never into git).
//
// Through the engine as the server runs it (Seq2SeqEngine: the model in its own process), per dtype,
// beam width and batch size: sentences/s, generated tokens/s, load time, the model process's peak
// resident memory (VmHWM); first-token latency (encoder + first decoder step, batch 1, in process);
// side by side, @huggingface/transformers' translation pipeline on the same folder, threads and
// forced lengths, taking turns with our engine batch by batch (twice, each going first once) so
// that both see the same machine load; and a roofline: the runtime's own matmul at the model's shapes, summed over one
// decoder step → the most tokens/s this machine could give, and the engine's fraction of it.
//
// Random weights give random text that rarely ends, so output lengths are forced (the documented
// knob `forceLengthRatio` of the engine: each sentence generates exactly round(ratio × its source
// tokens) tokens; `--ratio`, default 1.15, about English → French). Source sentences are 8–40
// tokens (seeded), about the spread of real sentences.
//
//   npm run bench:engine -- [--quick] [--size 600M|1.3B] [--dtypes q8,fp32] [--batches 1,4,8,16,32]
//                           [--beams 1,4] [--ratio 1.15] [--no-transformers] [--threads N]
// --quick: the reduced model (a few MB), batches 1 and 4: checks the whole bench in seconds.
// Writes bench/results/engine.json (one object per configuration) and prints a table.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { env, pipeline } from '@huggingface/transformers';
import ort from 'onnxruntime-node';
import { ARGMAX, Seq2SeqModel } from '@sema/server/seq2seq';
import { root } from './lib.mjs';
import { appendRun } from './run-record.ts';
import { sentences, startForcedContender } from './synthetic-input.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    size: { type: 'string' },
    dtypes: { type: 'string' },
    batches: { type: 'string' },
    beams: { type: 'string', default: '1,4' },
    ratio: { type: 'string', default: '1.15' },
    threads: { type: 'string' },
    'no-transformers': { type: 'boolean', default: false },
  },
});
const size = args.size ?? (args.quick ? 'tiny' : '600M');
const dtypes = (args.dtypes ?? 'q8').split(',');
const batches = (args.batches ?? (args.quick ? '1,4' : '1,4,8,16,32')).split(',').map(Number);
const beamWidths = args.beams.split(',').map(Number);
const ratio = Number(args.ratio);
const threads = Number(args.threads ?? os.availableParallelism());
const SHAPES: Record<string, { d: number; ffn: number; layers: number; vocab: number; name: string }> = {
  tiny: { d: 64, ffn: 128, layers: 2, vocab: 1200, name: 'nllb-200-synthetic-tiny' },
  '600M': { d: 1024, ffn: 4096, layers: 12, vocab: 256206, name: 'nllb-200-distilled-600M' },
  '1.3B': { d: 1024, ffn: 8192, layers: 24, vocab: 256206, name: 'nllb-200-distilled-1.3B' },
};
const shape = SHAPES[size];
if (!shape) throw new Error(`--size must be one of ${Object.keys(SHAPES).join(', ')}`);

const GENERATOR = path.join(root, 'apps/server/scripts/make-synthetic-nllb.py');
const cacheRoot = process.env.SEMA_BENCH_MODEL_DIR ?? path.join(os.homedir(), '.cache', 'sema', 'synthetic');
const folder = path.join(cacheRoot, shape.name);
const matmulFolder = path.join(cacheRoot, `${shape.name}-matmul`);

function ensureModel() {
  const missing = dtypes.filter(
    (dtype) =>
      !fs.existsSync(
        path.join(folder, 'onnx', `decoder_model_merged${dtype === 'q8' ? '_quantized' : ''}.onnx`),
      ),
  );
  if (missing.length > 0) {
    console.log(`Generating the synthetic ${size} model (${missing.join(', ')}) into ${folder} …`);
    execFileSync('/usr/bin/python3', [GENERATOR, folder, '--size', size, '--dtypes', missing.join(',')], {
      stdio: 'inherit',
    });
  }
  if (!fs.existsSync(path.join(matmulFolder, `matmul_q8_${shape!.d}x${shape!.vocab}.onnx`))) {
    execFileSync('/usr/bin/python3', [GENERATOR, matmulFolder, '--size', size, '--matmul-only'], {
      stdio: 'inherit',
    });
  }
}

function weightsMb(dtype: string): number {
  const suffix = dtype === 'q8' ? '_quantized' : '';
  return (
    ['encoder_model', 'decoder_model_merged']
      .map((name) => path.join(folder, 'onnx', `${name}${suffix}.onnx`))
      .flatMap((file) => [file, `${file}_data`])
      .filter((file) => fs.existsSync(file))
      .reduce((sum, file) => sum + fs.statSync(file).size, 0) / 1e6
  );
}

const sessionOptions = {
  intraOpNumThreads: threads,
  interOpNumThreads: 1,
  executionMode: 'sequential' as const,
  graphOptimizationLevel: 'all' as const,
  extra: { session: { intra_op: { allow_spinning: '0' } } },
};

/** Seconds per run of X[rows, K] × W[K, N] in the runtime, best of several, per dtype and shape. */
async function matmulSeconds(dtype: string, k: number, n: number, rows: number): Promise<number> {
  const session = await ort.InferenceSession.create(
    path.join(matmulFolder, `matmul_${dtype}_${k}x${n}.onnx`),
    sessionOptions,
  );
  const x = new ort.Tensor(
    'float32',
    Float32Array.from({ length: rows * k }, () => Math.random() - 0.5),
    [rows, k],
  );
  await session.run({ x });
  let best = Infinity;
  const deadline = performance.now() + 400;
  for (let i = 0; i < 3 || performance.now() < deadline; i++) {
    const started = performance.now();
    await session.run({ x });
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  await session.release();
  return best;
}

/** The fastest a decoder step over `rows` rows can be: its matmuls at the runtime's own speed. */
async function stepFloorSeconds(dtype: string, rows: number): Promise<number> {
  const { d, ffn, layers, vocab } = shape!;
  const dd = await matmulSeconds(dtype, d, d, rows);
  const up = await matmulSeconds(dtype, d, ffn, rows);
  const down = await matmulSeconds(dtype, ffn, d, rows);
  const head = await matmulSeconds(dtype, d, vocab, rows);
  // Per layer: self-attention q, k, v, out; cross-attention q, out; the feed-forward pair.
  return layers * (6 * dd + up + down) + head;
}

interface Result {
  model: string;
  dtype: string;
  batch: number;
  beams: number;
  engine: 'sema' | 'transformers.js';
  threads: number;
  sentences: number;
  tokens: number;
  seconds: number;
  tokens_per_s: number;
  sentences_per_s: number;
  peak_rss_mb: number;
  weights_mb: number;
  load_seconds: number;
  vs_transformers_js?: number;
  roofline_tokens_per_s: number;
  roofline_fraction: number;
  synthetic_weights: true;
}

/** One engine under test: translates a batch, returning the tokens it generated. */
interface Contender {
  generate(texts: string[]): Promise<number>;
  loadSeconds: number;
  /** Peak resident memory it is charged with, MB. */
  peakRssMb(): number;
  close(): Promise<void>;
}

/** Ours, as the server runs it: the model in its own process. */
async function startEngine(dtype: string, beams: number): Promise<Contender> {
  const ours = await startForcedContender({
    folder,
    cacheRoot,
    dtype,
    threads,
    beams,
    ratio,
    languages: ['eng_Latn', 'fra_Latn'],
  });
  await ours.generate(sentences(1, 99));
  return ours;
}

/** transformers.js's pipeline on the same folder: every row runs to the batch's longest forced length. */
async function startTransformers(dtype: string): Promise<Contender> {
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const translator = await pipeline('translation', folder, {
    dtype: dtype as 'q8',
    session_options: sessionOptions,
  });
  const loadSeconds = (performance.now() - started) / 1000;
  const tokenizer = translator.tokenizer;
  const forced = (text: string) =>
    Math.max(1, Math.round(ratio * tokenizer.encode(text, { add_special_tokens: false }).length));
  const generate = async (texts: string[]) => {
    const length = Math.max(...texts.map(forced));
    await translator(texts, {
      src_lang: 'eng_Latn',
      tgt_lang: 'fra_Latn',
      min_new_tokens: length,
      max_new_tokens: length,
    } as never);
    return texts.reduce((sum, text) => sum + forced(text), 0);
  };
  await generate(sentences(1, 99));
  // Given files on disk, transformers.js also reads each whole ONNX file into memory in the
  // background after loading (its FileResponse streams): wait for that to end, so that it does not
  // slow their first batches (it is not part of their steady speed) nor ours.
  for (let last = -1; process.memoryUsage().arrayBuffers !== last;) {
    last = process.memoryUsage().arrayBuffers;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return {
    loadSeconds,
    generate,
    // In this process: what loading and running added to it.
    peakRssMb: () => (process.memoryUsage().rss - rssBefore) / 1e6,
    close: () => translator.dispose(),
  };
}

/** Rounds over the same sentences per contender and batch size (alternating with transformers.js). */
const REPEATS = 2;

/**
 * Tokens and seconds of each contender over the same sentences in batches of `batch`, `REPEATS`
 * times, taking turns (and swapping who goes first), so that both see the same machine load.
 */
async function race(contenders: Contender[], texts: string[], batch: number) {
  const totals = contenders.map(() => ({ tokens: 0, seconds: 0 }));
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const order = contenders.map((_, i) => i);
    if (repeat % 2 === 1) order.reverse();
    for (const i of order) {
      const t0 = performance.now();
      for (let start = 0; start < texts.length; start += batch) {
        totals[i]!.tokens += await contenders[i]!.generate(texts.slice(start, start + batch));
      }
      totals[i]!.seconds += (performance.now() - t0) / 1000;
    }
  }
  return totals;
}

function result(
  engine: Result['engine'],
  dtype: string,
  batch: number,
  beams: number,
  texts: number,
  run: { tokens: number; seconds: number },
  contender: Contender,
  roofline: number,
): Result {
  const tokensPerS = run.tokens / run.seconds;
  return {
    model: `synthetic ${size}`,
    dtype,
    batch,
    beams,
    engine,
    threads,
    sentences: texts * REPEATS,
    tokens: run.tokens,
    seconds: run.seconds,
    tokens_per_s: tokensPerS,
    sentences_per_s: (texts * REPEATS) / run.seconds,
    peak_rss_mb: contender.peakRssMb(),
    weights_mb: weightsMb(dtype),
    load_seconds: contender.loadSeconds,
    roofline_tokens_per_s: roofline,
    roofline_fraction: tokensPerS / roofline,
    synthetic_weights: true,
  };
}

/** Our engine at one dtype and beam width over every batch size, beside transformers.js if given. */
async function runEngine(dtype: string, beams: number, theirs: Contender | undefined): Promise<Result[]> {
  const ours = await startEngine(dtype, beams);
  const results: Result[] = [];
  try {
    for (const batch of batches) {
      const texts = sentences(batch === 1 ? 4 : batch, batch);
      const [mine, other] = await race(theirs ? [ours, theirs] : [ours], texts, batch);
      // The limit is measured right after the engine ran, so both see the same machine load (measured
      // once at the start of the run, the same code gave 27 % and 54 % on a shared machine).
      const roofline = batch / (await stepFloorSeconds(dtype, batch * beams));
      const r = result('sema', dtype, batch, beams, texts.length, mine!, ours, roofline);
      results.push(r);
      report(r);
      if (other) {
        const t = result('transformers.js', dtype, batch, 1, texts.length, other, theirs!, NaN);
        r.vs_transformers_js = r.tokens_per_s / t.tokens_per_s;
        results.push(t);
        report(t);
      }
    }
  } finally {
    await ours.close();
  }
  return results;
}

/** Encoder plus the first decoder step of one typical sentence, in process: the first-token wait. */
async function firstTokenSeconds(dtype: string): Promise<number> {
  const model = await Seq2SeqModel.load({
    source: { kind: 'folder', path: folder, label: shape!.name },
    // The copies beside those of the engine the bench runs in its own process (one copy on disk).
    copyCache: cacheRoot,
    dtype,
    threads,
    forceLengthRatio: ratio,
  });
  try {
    const { job } = model.prepare(
      [sentences(1, 7)[0]!.split(' ').slice(0, 24).join(' ')],
      'eng_Latn',
      'fra_Latn',
    );
    let best = Infinity;
    for (let i = 0; i < 4; i++) {
      const t0 = performance.now();
      const { state, inputIds, inputLength } = await model.runner.start(job);
      await model.runner.step(state, inputIds, inputLength, ARGMAX);
      best = Math.min(best, (performance.now() - t0) / 1000);
    }
    return best;
  } finally {
    await model.dispose();
  }
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
function report(r: Result) {
  console.log(
    `  ${r.engine.padEnd(15)} ${r.dtype.padEnd(4)} beams ${r.beams} batch ${String(r.batch).padStart(2)}: ` +
      `${f(r.sentences_per_s, 2)} sentences/s, ${f(r.tokens_per_s)} tokens/s, peak ${f(r.peak_rss_mb, 0)} MB` +
      (Number.isFinite(r.roofline_fraction) ? `, ${f(100 * r.roofline_fraction)} % of roofline` : ''),
  );
}

ensureModel();
console.log(
  `Synthetic NLLB ${size} (random weights of the real shape), ${threads} threads, ${os.cpus()[0]?.model ?? ''}`,
);
const all: Result[] = [];
const extra: Record<string, unknown> = {};
for (const dtype of dtypes) {
  extra[`${dtype}_first_token_ms`] = 1000 * (await firstTokenSeconds(dtype));
  console.log(
    `${dtype}: first token (batch 1, 24-token source) ${f(extra[`${dtype}_first_token_ms`] as number)} ms`,
  );
  // Loaded once, in this process; it takes turns with our engine at beams 1.
  const theirs =
    args['no-transformers'] || !beamWidths.includes(1) ? undefined : await startTransformers(dtype);
  try {
    for (const beams of beamWidths) {
      all.push(...(await runEngine(dtype, beams, beams === 1 ? theirs : undefined)));
    }
  } finally {
    await theirs?.close();
  }
}

console.log(
  '\n| engine | dtype | beams | batch | sentences/s | tokens/s | vs transformers.js | of roofline | peak RSS MB | weights MB | load s |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of all) {
  console.log(
    `| ${r.engine} | ${r.dtype} | ${r.beams} | ${r.batch} | ${f(r.sentences_per_s, 2)} | ${f(r.tokens_per_s)} | ` +
      `${r.vs_transformers_js === undefined ? '—' : `${f(r.vs_transformers_js, 2)}×`} | ` +
      `${Number.isFinite(r.roofline_fraction) ? `${f(100 * r.roofline_fraction)} %` : '—'} | ` +
      `${f(r.peak_rss_mb, 0)} | ${f(r.weights_mb, 0)} | ${f(r.load_seconds)} |`,
  );
}
const out = path.join(root, 'bench/results/engine.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
const run = {
  date: new Date().toISOString(),
  size,
  ratio,
  threads,
  cpu: os.cpus()[0]?.model,
  ...extra,
  results: all,
};
appendRun(out, run);
console.log(`\nwrote ${path.relative(root, out)}`);
