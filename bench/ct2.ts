// `npm run bench:ct2`: Sema's engine beside CTranslate2 (the engine LibreTranslate and most
// self-hosted translation servers decode with) on this machine, on the same synthetic weights.
//
// CTranslate2 is built from source once into ~/.cache/sema/ct2 (SEMA_CT2_DIR to change; never into
// git) by bench/ct2/build.sh: Debian's cmake, oneDNN (libdnnl-dev) and pybind11, WITH_MKL=OFF. Its
// sources are not downloaded by this script: when they are missing it says what to put where.
// The synthetic ONNX models are bench:engine's and bench:models' (~/.cache/sema/synthetic); the same
// seeded weights are written in CTranslate2's format by bench/ct2/make-ct2-model.py (int8 beside
// Sema's q8, float32 beside fp32).
//
// Same source sentences, same forced output lengths, same threads, taking turns batch by batch
// (who goes first alternates by round). Every sentence of a batch has the same length (8–40
// one-token words, seeded per batch) so that both engines do the same work per row: CTranslate2's
// Python API forces one decoding length per call, Sema forces one per row.
//
//   npm run bench:ct2 -- [--models nllb-600M,opus-mt-en-fr] [--dtypes q8] [--batches 1,8,32]
//                        [--beams 1,4] [--rounds 5] [--ratio 1.15] [--threads N] [--quick]
// --quick: the tiny NLLB, batches 1 and 4, 2 rounds: checks the whole bench in a minute.
// Appends to bench/results/engine.json (`ct2_runs`) and prints a table.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { root } from './lib.mjs';
import { commit, loadAverage } from './run-record.ts';
import { startForcedContender, vmHwmMb } from './synthetic-input.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    models: { type: 'string' },
    dtypes: { type: 'string', default: 'q8' },
    batches: { type: 'string' },
    beams: { type: 'string', default: '1,4' },
    rounds: { type: 'string' },
    ratio: { type: 'string', default: '1.15' },
    threads: { type: 'string' },
  },
});
const PYTHON = '/usr/bin/python3';
const ct2Dir = process.env.SEMA_CT2_DIR ?? path.join(os.homedir(), '.cache', 'sema', 'ct2');
const cacheRoot = process.env.SEMA_BENCH_MODEL_DIR ?? path.join(os.homedir(), '.cache', 'sema', 'synthetic');
const scripts = path.join(root, 'apps/server/scripts');
const modelNames = (args.models ?? (args.quick ? 'nllb-tiny' : 'nllb-600M,opus-mt-en-fr')).split(',');
const dtypes = args.dtypes.split(',');
const batches = (args.batches ?? (args.quick ? '1,4' : '1,8,32')).split(',').map(Number);
const beamWidths = args.beams.split(',').map(Number);
const rounds = Number(args.rounds ?? (args.quick ? 2 : 5));
const ratio = Number(args.ratio);
const threads = Number(args.threads ?? os.availableParallelism());

/** The release built, and the submodule commits its tree pins (`git ls-tree v4.8.1 third_party`). */
const CT2_TAG = 'v4.8.1';
const SUBMODULES = [
  {
    path: 'third_party/cpu_features',
    repo: 'google/cpu_features',
    commit: '8a494eb1e158ec2050e5f699a504fbc9b896a43b',
  },
  { path: 'third_party/spdlog', repo: 'gabime/spdlog', commit: '76fb40d95455f249bd70824ecfcae7a8f0930fa3' },
];

interface ModelShape {
  /** The synthetic ONNX folder (bench:engine / bench:models) and the command that writes it. */
  folder: string;
  generate: string[];
  /** Tokens that frame a source row, and the target tokens forced first (both sides get them). */
  sourceFirst: string[];
  targetPrefix: string[];
  languages: [string, string];
}
/** A synthetic NLLB-200 of bench:engine's, English to French. */
const nllb = (size: string, folderName: string): ModelShape => ({
  folder: path.join(cacheRoot, folderName),
  generate: [path.join(scripts, 'make-synthetic-nllb.py'), path.join(cacheRoot, folderName), '--size', size],
  sourceFirst: ['eng_Latn'],
  targetPrefix: ['fra_Latn'],
  languages: ['eng_Latn', 'fra_Latn'],
});
const MODELS: Record<string, ModelShape> = {
  'nllb-600M': nllb('600M', 'nllb-200-distilled-600M'),
  'nllb-tiny': nllb('tiny', 'nllb-200-synthetic-tiny'),
  'opus-mt-en-fr': {
    folder: path.join(cacheRoot, 'opus-mt-en-fr'),
    generate: [
      path.join(scripts, 'make-synthetic-families.py'),
      path.join(cacheRoot, 'opus-mt-en-fr'),
      '--model',
      'opus-mt-en-fr',
    ],
    sourceFirst: [],
    targetPrefix: [],
    languages: ['eng_Latn', 'fra_Latn'],
  },
};

/** Stops the bench with a message that says what is missing (no stack trace). */
function fail(message: string): never {
  console.error(`\nbench:ct2: ${message}`);
  process.exit(1);
}

function run(command: string, argv: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  try {
    execFileSync(command, argv, { stdio: 'inherit', env });
    return true;
  } catch {
    return false;
  }
}

function ensureSources() {
  const src = path.join(ct2Dir, 'src', 'CTranslate2');
  const missing = [
    !fs.existsSync(path.join(src, 'CMakeLists.txt')) && `OpenNMT/CTranslate2 at tag ${CT2_TAG} → ${src}`,
    ...SUBMODULES.filter((s) => !fs.existsSync(path.join(src, s.path, 'CMakeLists.txt'))).map(
      (s) => `${s.repo} at commit ${s.commit} → ${path.join(src, s.path)}`,
    ),
  ].filter(Boolean);
  if (missing.length === 0) return;
  fail(
    `CTranslate2's sources are missing (this script does not download them). Put a snapshot of each\n` +
      `(e.g. \`git -C MIRROR archive REF | tar -x -C DEST\` from a clone or a GitHub snapshot) here:\n  ` +
      missing.join('\n  '),
  );
}

function ensureBuilt() {
  if (!run('bash', [path.join(root, 'bench/ct2/build.sh')], { ...process.env, SEMA_CT2_DIR: ct2Dir })) {
    fail('building CTranslate2 stopped (the line above says where); nothing was measured.');
  }
}

const ct2Env = () => ({
  ...process.env,
  PYTHONPATH: path.join(ct2Dir, 'python'),
  LD_LIBRARY_PATH: path.join(ct2Dir, 'install', 'lib'),
});

const ct2Type = (dtype: string) => ({ q8: 'int8', fp32: 'float32' })[dtype] ?? fail(`unknown dtype ${dtype}`);

function ensureModels(name: string, shape: ModelShape) {
  const missing = dtypes.filter(
    (dtype) =>
      !fs.existsSync(
        path.join(shape.folder, 'onnx', `decoder_model_merged${dtype === 'q8' ? '_quantized' : ''}.onnx`),
      ),
  );
  if (missing.length > 0) {
    console.log(`Generating the synthetic ${name} ONNX model (${missing.join(', ')}) into ${shape.folder} …`);
    if (!run(PYTHON, [...shape.generate, '--dtypes', missing.join(',')])) {
      fail(
        `the synthetic model generator failed; it needs Debian's python3-numpy and python3-onnx (${PYTHON}).`,
      );
    }
  }
  for (const dtype of dtypes) {
    const out = ct2Folder(name, dtype);
    if (fs.existsSync(path.join(out, 'model.bin'))) continue;
    console.log(`Writing the same weights in CTranslate2's format (${ct2Type(dtype)}) into ${out} …`);
    const ok = run(
      PYTHON,
      [
        path.join(root, 'bench/ct2/make-ct2-model.py'),
        out,
        '--model',
        name,
        '--quantization',
        ct2Type(dtype),
        '--tokenizer',
        path.join(shape.folder, 'tokenizer.json'),
      ],
      ct2Env(),
    );
    if (!ok) fail(`writing the CTranslate2 model failed (see above); nothing was measured for ${name}.`);
  }
}

const ct2Folder = (name: string, dtype: string) => path.join(ct2Dir, 'models', `${name}-${ct2Type(dtype)}`);

/** Seeded batches whose sentences share one length (8–40 one-token words, as bench:engine's). */
function equalLengthBatches(count: number, batch: number, seed: number): string[][] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const syllables = [...'bcdfghjklmnprstvwz'].flatMap((c) => [...'aeiou'].map((v) => c + v));
  return Array.from({ length: count }, () => {
    const words = 8 + Math.floor(random() * 33);
    return Array.from({ length: batch }, () =>
      Array.from({ length: words }, () => syllables[Math.floor(random() * syllables.length)]).join(' '),
    );
  });
}

const forcedLength = (sentence: string) => Math.max(1, Math.round(ratio * sentence.split(' ').length));

interface Contender {
  name: 'sema' | 'ctranslate2';
  /** Translates one batch; returns the tokens generated. */
  generate(texts: string[]): Promise<number>;
  loadSeconds: number;
  peakRssMb(): number;
  close(): Promise<void>;
}

async function startSema(shape: ModelShape, dtype: string, beams: number): Promise<Contender> {
  const sema = await startForcedContender({
    folder: shape.folder,
    cacheRoot,
    dtype,
    threads,
    beams,
    ratio,
    languages: shape.languages,
  });
  return { name: 'sema', ...sema };
}

async function startCt2(name: string, shape: ModelShape, dtype: string, beams: number): Promise<Contender> {
  const child: ChildProcessWithoutNullStreams = spawn(
    PYTHON,
    [
      path.join(root, 'bench/ct2/ct2-worker.py'),
      ct2Folder(name, dtype),
      '--compute-type',
      ct2Type(dtype),
      '--threads',
      String(threads),
    ],
    { env: ct2Env() },
  );
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done)
      fail(`the CTranslate2 worker ended (exit code ${child.exitCode ?? 'unknown'}); see its message above.`);
    return JSON.parse(value as string) as Record<string, number>;
  };
  const ready = await next();
  return {
    name: 'ctranslate2',
    loadSeconds: ready.load_seconds!,
    async generate(texts) {
      const rows = texts.map((text) => [
        ...shape.sourceFirst,
        ...text.split(' ').map((word) => `▁${word}`),
        '</s>',
      ]);
      const length = forcedLength(texts[0]!);
      child.stdin.write(`${JSON.stringify({ rows, prefix: shape.targetPrefix, length, beams })}\n`);
      return (await next()).tokens!;
    },
    peakRssMb: () => vmHwmMb(child.pid),
    async close() {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

interface Result {
  model: string;
  dtype: string;
  engine: Contender['name'];
  batch: number;
  beams: number;
  threads: number;
  rounds: number;
  sentences_per_round: number;
  tokens_per_round: number;
  tokens_per_s: { median: number; min: number; max: number };
  sentences_per_s: { median: number; min: number; max: number };
  /** VmHWM after this batch size ran (batch sizes run in ascending order, so it is theirs). */
  peak_rss_mb: number;
  load_seconds: number;
  vs_ctranslate2?: number;
  synthetic_weights: true;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const spread = (xs: number[]) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });

async function measure(name: string, shape: ModelShape, dtype: string, beams: number): Promise<Result[]> {
  const ours = await startSema(shape, dtype, beams);
  const theirs = await startCt2(name, shape, dtype, beams);
  const contenders = [ours, theirs];
  const results: Result[] = [];
  try {
    // Warm-up: one batch each (first runs allocate and pick kernels).
    for (const c of contenders) await c.generate(equalLengthBatches(1, 1, 99)[0]!);
    for (const batch of batches) {
      const groups = equalLengthBatches(batch === 1 ? 2 : 1, batch, 1000 + batch);
      const sentenceCount = groups.length * batch;
      const perRound = contenders.map(() => ({ tokens: [] as number[], seconds: [] as number[] }));
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (const i of order) {
          let tokens = 0;
          const t0 = performance.now();
          for (const group of groups) tokens += await contenders[i]!.generate(group);
          perRound[i]!.seconds.push((performance.now() - t0) / 1000);
          perRound[i]!.tokens.push(tokens);
        }
      }
      const made = contenders.map((c, i): Result => {
        const { tokens, seconds } = perRound[i]!;
        return {
          model: `synthetic ${name}`,
          dtype: c.name === 'sema' ? dtype : ct2Type(dtype),
          engine: c.name,
          batch,
          beams,
          threads,
          rounds,
          sentences_per_round: sentenceCount,
          tokens_per_round: tokens[0]!,
          tokens_per_s: spread(tokens.map((t, r) => t / seconds[r]!)),
          sentences_per_s: spread(seconds.map((s) => sentenceCount / s)),
          peak_rss_mb: c.peakRssMb(),
          load_seconds: c.loadSeconds,
          synthetic_weights: true,
        };
      });
      const expected = groups.reduce((sum, g) => sum + g.length * forcedLength(g[0]!), 0);
      for (const r of made) {
        if (r.tokens_per_round !== expected) {
          console.warn(`  ! ${r.engine} generated ${r.tokens_per_round} tokens a round, ${expected} forced`);
        }
      }
      made[0]!.vs_ctranslate2 = made[0]!.tokens_per_s.median / made[1]!.tokens_per_s.median;
      for (const r of made) report(r);
      results.push(...made);
    }
  } finally {
    await ours.close();
    await theirs.close();
  }
  return results;
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const range = (s: { median: number; min: number; max: number }, digits = 1) =>
  `${f(s.median, digits)} (${f(s.min, digits)}–${f(s.max, digits)})`;
function report(r: Result) {
  console.log(
    `  ${r.model} ${r.engine.padEnd(11)} ${r.dtype.padEnd(7)} beams ${r.beams} batch ${String(r.batch).padStart(2)}: ` +
      `${range(r.tokens_per_s)} tokens/s, ${range(r.sentences_per_s, 2)} sentences/s, peak ${f(r.peak_rss_mb, 0)} MB` +
      (r.vs_ctranslate2 === undefined ? '' : `, ${f(r.vs_ctranslate2, 2)}× CTranslate2`),
  );
}

function dnnlVersion(): string {
  try {
    return execFileSync('dpkg-query', ['-W', '-f', '${Version}', 'libdnnl-dev'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

ensureSources();
ensureBuilt();
for (const name of modelNames) {
  const shape =
    MODELS[name] ?? fail(`--models: unknown model ${name} (one of ${Object.keys(MODELS).join(', ')})`);
  ensureModels(name, shape);
}
console.log(
  `\nSema beside CTranslate2 ${CT2_TAG} (oneDNN, WITH_MKL=OFF), ${threads} threads, ${rounds} rounds, ` +
    `${os.cpus()[0]?.model ?? ''}, commit ${commit}, load ${loadAverage().join(' ')}`,
);
const out = path.join(root, 'bench/results/engine.json');
const previous = fs.existsSync(out)
  ? (JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, unknown[]>)
  : {};
const entry = {
  date: new Date().toISOString(),
  commit,
  ctranslate2: `${CT2_TAG}, Debian oneDNN ${dnnlVersion()}, WITH_MKL=OFF`,
  threads,
  rounds,
  ratio,
  cpu: os.cpus()[0]?.model,
  load_average_before: loadAverage(),
  load_average_after: [] as number[],
  results: [] as Result[],
};
/** Written after every configuration, so that a run cut short keeps what it measured. */
function save() {
  entry.load_average_after = loadAverage();
  fs.writeFileSync(
    out,
    `${JSON.stringify({ ...previous, ct2_runs: [...(previous.ct2_runs ?? []), entry] }, null, 2)}\n`,
  );
}
const all = entry.results;
for (const name of modelNames) {
  for (const dtype of dtypes) {
    for (const beams of beamWidths) {
      all.push(...(await measure(name, MODELS[name]!, dtype, beams)));
      save();
    }
  }
}

console.log(
  '\n| model | dtype | beams | batch | Sema tokens/s | CTranslate2 tokens/s | Sema ÷ CT2 | Sema peak MB | CT2 peak MB | peak ÷ CT2 | load s Sema / CT2 |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (let i = 0; i < all.length; i += 2) {
  const [s, c] = [all[i]!, all[i + 1]!];
  console.log(
    `| ${s.model} | ${s.dtype} / ${c.dtype} | ${s.beams} | ${s.batch} | ${range(s.tokens_per_s)} | ${range(c.tokens_per_s)} | ` +
      `${f(s.vs_ctranslate2!, 2)}× | ${f(s.peak_rss_mb, 0)} | ${f(c.peak_rss_mb, 0)} | ` +
      `${f(s.peak_rss_mb / c.peak_rss_mb, 2)}× | ${f(s.load_seconds, 2)} / ${f(c.load_seconds, 2)} |`,
  );
}
console.log(`\nwrote ${path.relative(root, out)} (ct2_runs)`);
