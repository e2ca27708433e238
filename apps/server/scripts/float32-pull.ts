/**
 * `npm run models -- pull` for a model published only in float32 (convert/float32-exports.ts):
 * downloads its float32 ONNX files (resumable, under the folder's download lock), quantizes them
 * here into the q8 files the engine runs (convert/quantize-float32.ts; the engine then opens them
 * as its int8 copy, with its own writer), checks the result token for token against the float32
 * model (convert/conversion-check.ts), and records all of it in the model's manifest.
 *
 * The float32 files (7.6 GB for NLLB distilled 1.3B) are deleted once the check passes, since the
 * server never reads them, unless `--keep-float32`; when the check fails the quantized files are
 * deleted and the float32 ones kept, and the command fails saying so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DownloadProgress } from '../src/lib/download-progress.ts';
import {
  compareOutputs,
  sampleOutputs,
} from '../src/translation/engines/seq2seq/convert/conversion-check.ts';
import {
  hubFileUrl,
  type Float32Export,
} from '../src/translation/engines/seq2seq/convert/float32-exports.ts';
import {
  externalDataFiles,
  quantizeFloat32Model,
} from '../src/translation/engines/seq2seq/convert/quantize-float32.ts';
import { downloadResumable } from '../src/translation/engines/seq2seq/convert/resumable-download.ts';
import { downloadOnce } from '../src/translation/engines/download-lock.ts';
import {
  folderOf,
  readConversion,
  recordConversion,
  recordManifest,
  sha256Of,
  type ConfiguredModel,
  type ConversionRecord,
  type ManifestEntry,
} from '../src/translation/engines/model-inventory.ts';

/** The small files, from the repository's root at the same revision. */
const SMALL_FILES = ['config.json', 'generation_config.json', 'tokenizer.json', 'tokenizer_config.json'];

export interface Float32PullOptions {
  hub: string;
  cache: string;
  keepFloat32: boolean;
  threads: number;
  /** Where progress goes (stderr). */
  progress: NodeJS.WritableStream & { isTTY?: boolean };
  say: (line: string) => void;
}

function gigabytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;
}

/** Peak resident memory of this process so far, in MB (Linux; undefined elsewhere). */
function peakMemoryMb(): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Pulls and converts one model; returns false (having said why) when the conversion is refused. */
export async function pullFloat32(
  model: ConfiguredModel,
  entry: Float32Export,
  options: Float32PullOptions,
): Promise<boolean> {
  const folder = folderOf(model.source);
  const { say } = options;
  if (model.dtype !== 'q8')
    throw new Error(
      `${entry.id} is published only in float32 (${gigabytes(entry.float32Bytes)}); Sema converts it to int8 and runs that: set SEMA_TRANSLATION_DTYPE=q8`,
    );
  const done = () => {
    const record = readConversion(folder);
    const onDisk = model.files.every((file) => fs.existsSync(path.join(folder, file)));
    return record?.check.passed && onDisk ? record : undefined;
  };
  const already = done();
  if (already) {
    say(
      `${model.name}: already converted on ${already.convertedAt.slice(0, 10)} (${describeConversionCheck(already)}), ${gigabytes(already.quantizedBytes)}`,
    );
    return true;
  }
  fs.mkdirSync(folder, { recursive: true });
  const free = fs.statfsSync(folder);
  const freeBytes = free.bavail * free.bsize;
  // The float32 files, then the quantized ones (about a quarter) beside them before the former go.
  const needed = entry.float32Bytes * 1.3;
  if (freeBytes < needed)
    throw new Error(
      `${model.name} needs about ${gigabytes(needed)} free in ${options.cache} while it converts (${gigabytes(entry.float32Bytes)} of float32 files, then the int8 ones); ${gigabytes(freeBytes)} is free`,
    );
  say(
    `${model.name}: published only as float32 ONNX (${entry.page}); downloading about ${gigabytes(entry.float32Bytes)} and converting it to int8 on this machine`,
  );
  let ok = true;
  await downloadOnce(folder, model.files, async () => {
    if (done()) return; // converted by the process that held the lock
    ok = await convert(model, entry, folder, options);
  });
  return ok;
}

async function convert(
  model: ConfiguredModel,
  entry: Float32Export,
  folder: string,
  options: Float32PullOptions,
): Promise<boolean> {
  const { say } = options;
  const progress = new DownloadProgress(model.name, options.progress);
  const float32: Record<string, ManifestEntry> = {};
  const fetchFile = async (file: string) => {
    const target = path.join(folder, file);
    if (fs.existsSync(target)) return;
    const url = hubFileUrl(options.hub, entry.id, entry.revision, file);
    const got = await downloadResumable(url, target, (loaded, total) => progress.update(file, loaded, total));
    if (file.startsWith('onnx/')) float32[file] = { size: got.bytes, sha256: got.sha256 };
    if (got.resumedFrom > 0) say(`  ${file}: went on from ${gigabytes(got.resumedFrom)} already downloaded`);
  };
  try {
    for (const file of SMALL_FILES) await fetchFile(file);
    for (const graph of entry.graphs) {
      await fetchFile(graph);
      for (const external of externalDataFiles(path.join(folder, graph)))
        await fetchFile(path.posix.join(path.posix.dirname(graph), external));
    }
  } finally {
    progress.finish();
  }
  // Files there from an earlier run that stopped after downloading: their checksums now.
  const float32Files = entry.graphs.flatMap((graph) => [
    graph,
    ...externalDataFiles(path.join(folder, graph)).map((external) =>
      path.posix.join(path.posix.dirname(graph), external),
    ),
  ]);
  for (const file of float32Files) {
    if (!float32[file]) {
      const size = fs.statSync(path.join(folder, file)).size;
      float32[file] = { size, sha256: await sha256Of(path.join(folder, file)) };
    }
  }
  const float32Bytes = Object.values(float32).reduce((sum, file) => sum + file.size, 0);

  say(`${model.name}: quantizing ${entry.graphs.length} graphs (${gigabytes(float32Bytes)} float32)…`);
  const started = performance.now();
  let quantizedBytes = 0;
  for (const graph of entry.graphs) {
    const target = graph.replace(/\.onnx$/, '_quantized.onnx');
    const result = quantizeFloat32Model(path.join(folder, graph), path.join(folder, target));
    quantizedBytes += result.bytes;
    say(
      `  ${target}: ${gigabytes(result.bytes)}, ${result.quantized} weights quantized${result.keptFloat ? `, ${result.keptFloat} kept float32` : ''}`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = peakMemoryMb();
  say(`  quantized in ${seconds.toFixed(1)} s${peak ? `, peak memory ${peak} MB` : ''}`);

  say(`${model.name}: checking the int8 model against the float32 one on sample sentences (greedy)…`);
  const copyCache = options.cache;
  const reference = await sampleOutputs(model.source, 'fp32', options.threads, copyCache);
  const candidate = await sampleOutputs(model.source, 'q8', options.threads, copyCache);
  const check = compareOutputs(reference.outputs, candidate.outputs);
  const quantizedFiles = entry.graphs.map((graph) => graph.replace(/\.onnx$/, '_quantized.onnx'));
  const deleteFloat32 = check.passed && !options.keepFloat32;
  const float32Rule = !check.passed
    ? 'kept: the check failed'
    : options.keepFloat32
      ? 'kept: --keep-float32'
      : 'deleted once the check passed (the server runs the int8 files only)';
  if (deleteFloat32) for (const file of float32Files) fs.rmSync(path.join(folder, file), { force: true });
  if (!check.passed) for (const file of quantizedFiles) fs.rmSync(path.join(folder, file), { force: true });
  const record: ConversionRecord = {
    source: { id: entry.id, revision: entry.revision },
    float32,
    float32Bytes,
    quantizedBytes,
    int8: candidate.int8,
    check: {
      passed: check.passed,
      identical: check.identical,
      compared: check.compared,
      rule: check.rule,
    },
    float32Deleted: deleteFloat32,
    float32Rule,
    convertedAt: new Date().toISOString(),
    seconds: Math.round(seconds * 10) / 10,
  };
  recordConversion(folder, record);
  if (!check.passed) {
    say(
      `${model.name}: REFUSED: the int8 model differs from the float32 one (${describeConversionCheck(record)}; ${check.earlyDifferences} differ within their first tokens). The quantized files are deleted; the float32 files stay in ${folder} (${gigabytes(float32Bytes)}): report this, or serve them as they are with SEMA_TRANSLATION_DTYPE=fp32 (about ${gigabytes(float32Bytes)} of memory).`,
    );
    return false;
  }
  await recordManifest(folder, [...model.files]);
  say(
    `${model.name}: converted, ${gigabytes(quantizedBytes)}${candidate.int8 ? ' (the engine runs it as int8)' : ''}; ${describeConversionCheck(record)}; float32 files ${float32Rule}`,
  );
  return true;
}

export function describeConversionCheck(record: ConversionRecord): string {
  return `${record.check.identical} of ${record.check.compared} sample translations identical token for token to float32 (${record.check.passed ? 'passed' : 'failed'}: ${record.check.rule})`;
}
