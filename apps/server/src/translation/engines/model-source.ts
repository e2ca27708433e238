/**
 * Where a translation model comes from: a local folder (used as is, fully offline) or a Hugging
 * Face hub id (downloaded once into the cache folder, then read from there with no network). The
 * files are those of a transformers.js seq2seq ONNX export (NLLB's; other families export alike).
 * Shared by the engines that load a model or only its tokenizer (`nllb`, `kserve`).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_HUB = 'https://huggingface.co/';

export type ModelSource =
  | { kind: 'folder'; /** Absolute path. */ path: string; label: string }
  | { kind: 'hub'; id: string; hub: string; cacheDir: string; label: string };

/** The ONNX file suffix transformers.js uses for each dtype. */
const DTYPE_SUFFIX: Record<string, string> = {
  fp32: '',
  fp16: '_fp16',
  q8: '_quantized',
  int8: '_int8',
  uint8: '_uint8',
  q4: '_q4',
  q4f16: '_q4f16',
  bnb4: '_bnb4',
};

/** The files a translation needs, relative to the model folder. */
export function modelFiles(dtype: string): string[] {
  return [
    'config.json',
    'generation_config.json',
    'tokenizer.json',
    'tokenizer_config.json',
    onnxFile('encoder_model', dtype),
    onnxFile('decoder_model_merged', dtype),
  ];
}

/** An ONNX file of the model (`encoder_model`, `decoder_model_merged`) at a dtype, relative to its folder. */
export function onnxFile(name: string, dtype: string): string {
  return `onnx/${name}${DTYPE_SUFFIX[dtype] ?? ''}.onnx`;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/**
 * A model name (`SEMA_TRANSLATION_MODEL`, a pair model) is a folder if one exists under that name,
 * relative to the folder the user started in (npm's INIT_CWD: `npm start` runs the server inside
 * apps/server), to the working folder, or to the repository; otherwise it is a hub id.
 */
export function resolveModelSource(
  name: string,
  options: { cacheDir: string; hubUrl?: string; cwd?: string; initCwd?: string },
): ModelSource {
  const bases = [options.initCwd ?? process.env.INIT_CWD, options.cwd ?? process.cwd(), repoRoot];
  for (const base of bases) {
    if (!base) continue;
    const candidate = path.resolve(base, name);
    if (isDirectory(candidate)) return { kind: 'folder', path: candidate, label: name };
  }
  const hub = options.hubUrl ? options.hubUrl.replace(/\/*$/, '/') : DEFAULT_HUB;
  return { kind: 'hub', id: name, hub, cacheDir: options.cacheDir, label: name };
}

/** Where the hub id's files end up (the transformers.js file cache layout). */
export function cachedModelFolder(source: Extract<ModelSource, { kind: 'hub' }>): string {
  return path.join(source.cacheDir, source.id);
}

function isDirectory(candidate: string): boolean {
  try {
    return fs.statSync(candidate).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Names a model folder by what is in it, not where it is: its name, then a hash of its config and of
 * the sizes of the files a translation reads. Servers holding the same model at different paths
 * share cached translations; new weights put in the same folder do not reuse the old ones.
 */
export function folderFingerprint(folder: string, dtype: string): string {
  const hash = createHash('sha256');
  for (const file of modelFiles(dtype)) {
    const full = path.join(folder, file);
    try {
      hash.update(`${file}:${fs.statSync(full).size}\n`);
      if (file === 'config.json') hash.update(fs.readFileSync(full));
    } catch {
      hash.update(`${file}:missing\n`);
    }
  }
  return `${path.basename(folder)}@${hash.digest('hex').slice(0, 12)}`;
}
