// `npm run bench:models`: each model family at its published size, on synthetic (seeded random)
// weights of the real shape, through the engine as the server runs it (Seq2SeqEngine: the model in
// its own process), at batch 1 and 8: sentences/s, generated tokens/s, the model process's peak
// resident memory (VmHWM) beside its weights on disk, the family's licence (from the engine's
// /status), and each row's speed over NLLB-600M q8's in the same run. One more row is a pivot
// through English (German → English → French) over two OPUS-MT models, as a server with pair
// models and SEMA_PIVOT=on runs it. NLLB distilled 1.3B, published only in float32, is generated in
// float32 and quantized by the code `npm run models -- pull` uses (scripts/quantize-float32.ts);
// that conversion's time and peak memory are reported beside the rows.
//
// The models are generated on first run into ~/.cache/sema/synthetic (SEMA_BENCH_MODEL_DIR to
// change; never into git) by apps/server/scripts/make-synthetic-nllb.py and
// make-synthetic-families.py, which need Debian's python3-numpy and python3-onnx. Output lengths
// are forced (the engine's `forceLengthRatio`, 1.15) since random weights rarely stop.
//
// Noise: every point is ROUNDS rounds over the same sentences; a row gives the median with the min
// and max, the machine's load average and the commit. --quick: the tiny fixtures, 2 rounds (checks
// the whole bench in seconds; its figures mean nothing).
//
//   npm run bench:models -- [--quick] [--rounds 5] [--threads N] [--only NAME]
// (--only: the rows whose model name contains NAME, and NLLB-600M's, the baseline)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib.mjs';
import { appendRun, commit } from './run-record.ts';
import { sentences, startForcedEngine, vmHwmMb } from './synthetic-input.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    threads: { type: 'string' },
    out: { type: 'string' },
    only: { type: 'string' },
  },
});
const rounds = Number(args.rounds ?? (args.quick ? 2 : 5));
const threads = Number(args.threads ?? os.availableParallelism());
const RATIO = 1.15;
const BATCHES = [1, 8];
const cacheRoot = process.env.SEMA_BENCH_MODEL_DIR ?? path.join(os.homedir(), '.cache', 'sema', 'synthetic');
const fixtures = path.join(root, 'apps/server/test/fixtures');
const scripts = path.join(root, 'apps/server/scripts');

interface Subject {
  /** Row name, e.g. `OPUS-MT en-fr`. */
  name: string;
  dtype: 'q8' | 'fp32';
  folder: string;
  /** The command that writes the folder, when it is not there. */
  generate: string[];
  /** The pair it is benchmarked on, catalogue codes. */
  pair: [string, string];
  /**
   * A pivot through English, as a server with pair models and SEMA_PIVOT=on runs it: this model
   * first (`pair[0]` → English), then the subject's own folder (English → `pair[1]`).
   */
  firstLeg?: string;
  /** Generated in float32, then quantized here as `models -- pull` does (the q8 files it runs). */
  convertFromFloat32?: boolean;
}

const EN_FR: [string, string] = ['eng_Latn', 'fra_Latn'];
const DE_FR: [string, string] = ['deu_Latn', 'fra_Latn'];
const PIVOT = 'OPUS-MT de-en + en-fr, pivot';
const BASELINE = 'NLLB-200 600M';
const NLLB_13B = 'NLLB-200 distilled 1.3B';

function subjects(): Subject[] {
  const all = allSubjects();
  return args.only ? all.filter((s) => s.name === BASELINE || s.name.includes(args.only!)) : all;
}

function allSubjects(): Subject[] {
  if (args.quick) {
    const tiny13 = path.join(cacheRoot, 'nllb-tiny-1.3B-layout-fp32');
    return [
      { name: BASELINE, dtype: 'q8', folder: path.join(fixtures, 'tiny-nllb'), generate: [], pair: EN_FR },
      {
        name: NLLB_13B,
        dtype: 'q8',
        folder: tiny13,
        generate: [
          path.join(scripts, 'make-synthetic-nllb.py'),
          tiny13,
          '--size',
          'tiny',
          '--dtypes',
          'fp32',
          '--external-data',
        ],
        pair: EN_FR,
        convertFromFloat32: true,
      },
      {
        name: 'M2M-100 418M',
        dtype: 'q8',
        folder: path.join(fixtures, 'tiny-m2m100'),
        generate: [],
        pair: EN_FR,
      },
      {
        name: 'OPUS-MT en-fr',
        dtype: 'q8',
        folder: path.join(fixtures, 'tiny-opus-mt-en-fr'),
        generate: [],
        pair: EN_FR,
      },
      {
        name: PIVOT,
        dtype: 'q8',
        folder: path.join(fixtures, 'tiny-opus-mt-en-fr'),
        generate: [],
        pair: DE_FR,
        firstLeg: path.join(fixtures, 'tiny-opus-mt-de-en'),
      },
    ];
  }
  const nllb = path.join(cacheRoot, 'nllb-200-distilled-600M');
  const nllb13 = path.join(cacheRoot, 'nllb-200-distilled-1.3B-fp32');
  const m2m = path.join(cacheRoot, 'm2m100-418M');
  const opus = path.join(cacheRoot, 'opus-mt-en-fr');
  const family = (folder: string, model: string, dtype: string) => [
    path.join(scripts, 'make-synthetic-families.py'),
    folder,
    '--model',
    model,
    '--dtypes',
    dtype,
  ];
  return [
    {
      name: BASELINE,
      dtype: 'q8',
      folder: nllb,
      generate: [path.join(scripts, 'make-synthetic-nllb.py'), nllb, '--size', '600M', '--dtypes', 'q8'],
      pair: EN_FR,
    },
    {
      name: NLLB_13B,
      dtype: 'q8',
      folder: nllb13,
      // ~6.5 GB of float32 (its tied output projection stored once), 13 GB of memory to write.
      generate: [path.join(scripts, 'make-synthetic-nllb.py'), nllb13, '--size', '1.3B', '--dtypes', 'fp32'],
      pair: EN_FR,
      convertFromFloat32: true,
    },
    {
      name: 'M2M-100 418M',
      dtype: 'q8',
      folder: m2m,
      generate: family(m2m, 'm2m100-418M', 'q8'),
      pair: EN_FR,
    },
    {
      name: 'OPUS-MT en-fr',
      dtype: 'q8',
      folder: opus,
      generate: family(opus, 'opus-mt-en-fr', 'q8'),
      pair: EN_FR,
    },
    {
      name: 'OPUS-MT en-fr',
      dtype: 'fp32',
      folder: opus,
      generate: family(opus, 'opus-mt-en-fr', 'fp32'),
      pair: EN_FR,
    },
    {
      name: PIVOT,
      dtype: 'q8',
      folder: opus,
      generate: family(opus, 'opus-mt-en-fr', 'q8'),
      pair: DE_FR,
      firstLeg: path.join(cacheRoot, 'opus-mt-de-en'),
    },
  ];
}

/**
 * The synthetic German→English model: the English→French one's files under the other pair's name
 * (same shape, so the same work per token; the family reads the pair from config.json's name).
 */
function ensureFirstLeg(subject: Subject) {
  const folder = subject.firstLeg;
  if (!folder || fs.existsSync(path.join(folder, 'config.json'))) return;
  fs.mkdirSync(path.join(folder, 'onnx'), { recursive: true });
  for (const file of fs.readdirSync(path.join(subject.folder, 'onnx'))) {
    fs.symlinkSync(path.join(subject.folder, 'onnx', file), path.join(folder, 'onnx', file));
  }
  for (const file of ['generation_config.json', 'tokenizer.json', 'tokenizer_config.json']) {
    fs.symlinkSync(path.join(subject.folder, file), path.join(folder, file));
  }
  const config = fs.readFileSync(path.join(subject.folder, 'config.json'), 'utf8');
  fs.writeFileSync(path.join(folder, 'config.json'), config.replace(/opus-mt-en-fr/g, 'opus-mt-de-en'));
}

function onnxFiles(subject: Subject): string[] {
  const suffix = subject.dtype === 'q8' ? '_quantized' : '';
  return ['encoder_model', 'decoder_model_merged']
    .map((name) => path.join(subject.folder, 'onnx', `${name}${suffix}.onnx`))
    .flatMap((file) => [file, `${file}_data`])
    .filter((file) => fs.existsSync(file));
}

/** Generates a missing model, or says what the generator needs instead of a Python traceback. */
function ensureModel(subject: Subject) {
  if (onnxFiles(subject).length > 0 || subject.generate.length === 0) return;
  try {
    execFileSync('/usr/bin/python3', ['-c', 'import numpy, onnx'], { stdio: 'pipe' });
  } catch {
    console.error(
      'bench:models generates its synthetic models with Python 3, numpy and onnx: install them ' +
        '(Debian: apt-get install python3-numpy python3-onnx), or point SEMA_BENCH_MODEL_DIR at ' +
        'a folder that holds them already.',
    );
    process.exit(1);
  }
  if (!subject.convertFromFloat32 || !fs.existsSync(path.join(subject.folder, 'onnx/encoder_model.onnx'))) {
    console.log(
      `Generating ${subject.name} ${subject.convertFromFloat32 ? 'fp32' : subject.dtype} into ${subject.folder} …`,
    );
    execFileSync('/usr/bin/python3', subject.generate, { stdio: 'inherit' });
  }
  if (subject.convertFromFloat32) {
    console.log(`Quantizing ${subject.name} as models -- pull does …`);
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(scripts, 'quantize-float32.ts'), subject.folder],
      {
        stdio: 'inherit',
        cwd: path.join(root, 'apps/server'),
      },
    );
  }
}

/** What the conversion took (scripts/quantize-float32.ts's record), for a subject converted here. */
function conversionOf(subject: Subject) {
  if (!subject.convertFromFloat32) return undefined;
  const record = JSON.parse(fs.readFileSync(path.join(subject.folder, 'conversion.json'), 'utf8')) as {
    seconds: number;
    peakMb: number;
    float32Bytes: number;
    quantizedBytes: number;
  };
  return {
    model: subject.name,
    seconds: record.seconds,
    peak_rss_mb: record.peakMb,
    float32_mb: Math.round(record.float32Bytes / 1e6),
    quantized_mb: Math.round(record.quantizedBytes / 1e6),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Row {
  model: string;
  family: string | undefined;
  dtype: string;
  batch: number;
  licence: string | undefined;
  sentences_per_s: { median: number; min: number; max: number };
  tokens_per_s: { median: number; min: number; max: number };
  rounds: number;
  peak_rss_mb: number;
  weights_mb: number;
  rss_over_weights: number;
  load_seconds: number;
  vs_nllb_600m_q8?: number;
  synthetic_weights: boolean;
}

async function measure(subject: Subject): Promise<Row[]> {
  let tokens = 0;
  const start = (folder: string) =>
    startForcedEngine({
      folder,
      cacheRoot,
      dtype: subject.dtype,
      threads,
      ratio: RATIO,
      onTokens: (count) => (tokens += count),
    });
  const { engine, loadSeconds, pid } = await start(subject.folder);
  const first = subject.firstLeg === undefined ? undefined : await start(subject.firstLeg);
  const status = engine.status();
  const [source, target] = subject.pair;
  // A pivot's two passes, one after the other as the routed engine runs them.
  const translate = async (batch: string[]) =>
    first
      ? engine.translate(await first.engine.translate(batch, source, 'eng_Latn'), 'eng_Latn', target)
      : engine.translate(batch, source, target);
  const rows: Row[] = [];
  try {
    for (const batch of BATCHES) {
      const texts = sentences(batch === 1 ? 4 : batch, batch);
      const perRound: { sentences: number; tokens: number }[] = [];
      for (let round = 0; round < rounds; round++) {
        tokens = 0;
        const t0 = performance.now();
        for (let start = 0; start < texts.length; start += batch) {
          await translate(texts.slice(start, start + batch));
        }
        const seconds = (performance.now() - t0) / 1000;
        perRound.push({ sentences: texts.length / seconds, tokens: tokens / seconds });
      }
      const spread = (values: number[]) => ({
        median: median(values),
        min: Math.min(...values),
        max: Math.max(...values),
      });
      // A pivot holds two model processes, each with its weights.
      const weightsMb =
        ((first ? 2 : 1) * onnxFiles(subject).reduce((sum, file) => sum + fs.statSync(file).size, 0)) / 1e6;
      const peak = vmHwmMb(pid) + (first ? vmHwmMb(first.pid) : 0);
      rows.push({
        model: subject.name,
        family: status.model_family,
        dtype: subject.dtype,
        batch,
        licence: status.model_license,
        sentences_per_s: spread(perRound.map((r) => r.sentences)),
        tokens_per_s: spread(perRound.map((r) => r.tokens)),
        rounds,
        peak_rss_mb: peak,
        weights_mb: weightsMb,
        rss_over_weights: peak / weightsMb,
        load_seconds: loadSeconds + (first?.loadSeconds ?? 0),
        synthetic_weights: true,
      });
    }
  } finally {
    await Promise.all([engine.close(), first?.engine.close()]);
  }
  return rows;
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const loadBefore = os.loadavg();
const all: Row[] = [];
const conversions: NonNullable<ReturnType<typeof conversionOf>>[] = [];
for (const subject of subjects()) {
  ensureModel(subject);
  ensureFirstLeg(subject);
  const conversion = conversionOf(subject);
  if (conversion) {
    conversions.push(conversion);
    console.log(
      `  ${conversion.model}: float32 → q8 in ${f(conversion.seconds)} s, peak ${conversion.peak_rss_mb} MB ` +
        `(${conversion.float32_mb} MB float32 → ${conversion.quantized_mb} MB)`,
    );
  }
  const rows = await measure(subject);
  for (const row of rows) {
    console.log(
      `  ${row.model} ${row.dtype} batch ${row.batch}: ${f(row.sentences_per_s.median, 2)} sentences/s ` +
        `(${f(row.sentences_per_s.min, 2)}–${f(row.sentences_per_s.max, 2)}), peak ${f(row.peak_rss_mb, 0)} MB ` +
        `for ${f(row.weights_mb, 0)} MB of weights`,
    );
  }
  all.push(...rows);
}
for (const row of all) {
  const baseline = all.find((r) => r.model === BASELINE && r.dtype === 'q8' && r.batch === row.batch);
  if (baseline) row.vs_nllb_600m_q8 = row.sentences_per_s.median / baseline.sentences_per_s.median;
}

console.log(
  '\n| model | dtype | batch | sentences/s (min–max) | tokens/s | × NLLB-600M q8 | peak RSS MB | weights MB | RSS/weights | licence |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of all) {
  console.log(
    `| ${r.model} | ${r.dtype} | ${r.batch} | ${f(r.sentences_per_s.median, 2)} (${f(r.sentences_per_s.min, 2)}–${f(r.sentences_per_s.max, 2)}) | ` +
      `${f(r.tokens_per_s.median)} | ${f(r.vs_nllb_600m_q8 ?? NaN, 2)}× | ${f(r.peak_rss_mb, 0)} | ${f(r.weights_mb, 0)} | ` +
      `${f(r.rss_over_weights, 2)} | ${r.licence ?? '—'} |`,
  );
}
for (const c of conversions) {
  console.log(
    `\nConversion (${c.model}, float32 → q8, scripts/quantize-float32.ts): ${f(c.seconds)} s, peak RSS ${c.peak_rss_mb} MB, ${c.float32_mb} → ${c.quantized_mb} MB`,
  );
}
const out = args.out ?? path.join(root, 'bench/results/models.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
const run = {
  date: new Date().toISOString(),
  commit,
  quick: args.quick,
  threads,
  rounds,
  ratio: RATIO,
  cpu: os.cpus()[0]?.model,
  load_average: { before: loadBefore, after: os.loadavg() },
  results: all,
  conversions,
};
appendRun(out, run);
console.log(`\nwrote ${path.relative(root, out)}`);
