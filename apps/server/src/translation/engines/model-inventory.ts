/**
 * The translation models a configuration names, as an operator manages them (`npm run models`):
 * where each one's files are, whether they are on disk, their size and licence, the checksums
 * recorded when they were downloaded, and removing them. Downloading stays with the code that
 * loads a model (`seq2seq/seq2seq-model.ts`, `tokenizer/family-tokenizer.ts`), which records the
 * checksums here once the files are in the cache.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/schema.ts';
import { detectFamily } from './families/detect.ts';
import type { Licence, ModelConfigJson } from './families/model-family.ts';
import { cachedModelFolder, modelFiles, resolveModelSource, type ModelSource } from './model-source.ts';
import { uniqueTempName } from '../../lib/unique-temp-name.ts';

/** The files of a model's tokenizer alone (what the kserve engine reads). */
export const TOKENIZER_FILES = ['tokenizer.json', 'tokenizer_config.json'] as const;

/** Where a model folder in the cache keeps the sizes and SHA-256 of its files as downloaded. */
export const MANIFEST_FILE = '.sema-manifest.json';

export interface ConfiguredModel {
  /** What the configuration uses it for, naming the setting: `main model (SEMA_TRANSLATION_MODEL)`. */
  role: string;
  /** As configured: a hub id or a folder. */
  name: string;
  source: ModelSource;
  /** `full` loads the model; `tokenizer` only its tokenizer. */
  use: 'full' | 'tokenizer';
  /** The files it needs, relative to its folder. */
  files: readonly string[];
  dtype: string;
}

/** Every translation model the configuration names, each once. */
export function configuredModels(config: Config, cwd?: string): ConfiguredModel[] {
  const translation = config.translation;
  const resolve = (name: string) =>
    resolveModelSource(name, {
      cacheDir: config.models.cache,
      ...(config.models.hubUrl !== undefined && { hubUrl: config.models.hubUrl }),
      ...(cwd !== undefined && { cwd, initCwd: cwd }),
    });
  if (translation.engine === 'remote') return [];
  if (translation.engine === 'kserve') {
    return [
      {
        role: 'tokenizer (SEMA_KSERVE_TOKENIZER)',
        name: translation.kserveTokenizer,
        source: resolve(translation.kserveTokenizer),
        use: 'tokenizer',
        files: TOKENIZER_FILES,
        dtype: 'fp32',
      },
    ];
  }
  const models: ConfiguredModel[] = [];
  const add = (name: string, role: string) => {
    const known = models.find((model) => model.name === name);
    if (known) {
      known.role += `, ${role}`;
      return;
    }
    models.push({
      role,
      name,
      source: resolve(name),
      use: 'full',
      files: modelFiles(translation.dtype),
      dtype: translation.dtype,
    });
  };
  add(translation.model, 'main model (SEMA_TRANSLATION_MODEL)');
  // As the server does, a pair model outside SEMA_LANGUAGES is left out: it is never loaded.
  const allowed = new Set(translation.languages);
  const loaded = translation.pairModels.filter(
    ({ source, target }) => allowed.size === 0 || (allowed.has(source) && allowed.has(target)),
  );
  for (const pair of loaded) add(pair.model, `${pair.source}-${pair.target} (SEMA_PAIR_MODELS)`);
  return models;
}

/** Where the model's files are: its folder, or its folder in the cache. */
export function folderOf(source: ModelSource): string {
  return source.kind === 'folder' ? source.path : cachedModelFolder(source);
}

interface DiskState {
  folder: string;
  present: string[];
  missing: string[];
  /** Bytes of the files present. */
  bytes: number;
  /** From its files once config.json is on disk; from its name (NLLB) before; else undefined. */
  licence: Licence | undefined;
  /** The family's name, when its files tell it. */
  family: string | undefined;
}

const NLLB_LICENCE: Licence = {
  id: 'CC-BY-NC-4.0',
  terms: 'non-commercial use only',
  url: 'https://creativecommons.org/licenses/by-nc/4.0/',
};

export function inspectModel(model: ConfiguredModel): DiskState {
  const folder = folderOf(model.source);
  const present: string[] = [];
  const missing: string[] = [];
  let bytes = 0;
  for (const file of model.files) {
    const size = sizeOf(path.join(folder, file));
    if (size === undefined) missing.push(file);
    else {
      present.push(file);
      bytes += size;
    }
  }
  let licence: Licence | undefined;
  let family: string | undefined;
  try {
    const found = detectFamily({
      config: readJson(folder, 'config.json') as ModelConfigJson,
      tokenizerConfig: readJson(folder, 'tokenizer_config.json') as { tokenizer_class?: string },
      name: model.name,
    });
    licence = found.licence;
    family = found.name;
  } catch {
    // Not downloaded yet (or not a model we know): NLLB-200 is told by its name, as /status does.
    if (/nllb/i.test(model.name)) licence = NLLB_LICENCE;
  }
  return { folder, present, missing, bytes, licence, family };
}

export interface ManifestEntry {
  size: number;
  sha256: string;
}

type Manifest = Record<string, ManifestEntry>;

function readManifest(folder: string): Manifest {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')) as {
      files?: Manifest;
    };
    return parsed.files ?? {};
  } catch {
    return {};
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Records the size and SHA-256 of `files` that are on disk and not recorded yet (a file already
 * recorded keeps the checksum it had when it arrived, so that verify can find it changed since).
 * Returns the files it recorded.
 */
export async function recordManifest(folder: string, files: readonly string[]): Promise<string[]> {
  const manifest = readManifest(folder);
  const recorded: string[] = [];
  for (const file of files) {
    const full = path.join(folder, file);
    const size = sizeOf(full);
    if (size === undefined || manifest[file]) continue;
    manifest[file] = { size, sha256: await sha256Of(full) };
    recorded.push(file);
  }
  if (recorded.length > 0) writeManifest(folder, manifest);
  return recorded;
}

/** Drops the recorded checksums of `files` (deleted on purpose, so not "missing" to verify). */
export function forgetManifest(folder: string, files: readonly string[]): void {
  const manifest = readManifest(folder);
  if (!files.some((file) => manifest[file])) return;
  for (const file of files) delete manifest[file];
  writeManifest(folder, manifest);
}

/** Replaces the manifest whole: a reader never sees half of it. Its other records stay. */
function writeManifest(folder: string, manifest: Manifest): void {
  writeManifestDocument(folder, { ...readManifestDocument(folder), files: manifest });
}

function readManifestDocument(folder: string): Record<string, unknown> {
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function writeManifestDocument(folder: string, document: Record<string, unknown>): void {
  // Named uniquely: servers sharing a model volume may write it at once, with the same pid.
  const temporary = uniqueTempName(path.join(folder, MANIFEST_FILE));
  fs.writeFileSync(temporary, `${JSON.stringify(document, null, 2)}\n`);
  fs.renameSync(temporary, path.join(folder, MANIFEST_FILE));
}

/**
 * How a model published only in float32 was made into the files the engine runs, on this machine
 * (`npm run models -- pull`, scripts/float32-pull.ts): kept in the manifest beside the checksums.
 */
export interface ConversionRecord {
  /** The hub id and revision the float32 files came from. */
  source: { id: string; revision: string };
  /** The float32 files as downloaded (the graphs and their external weights). */
  float32: Record<string, ManifestEntry>;
  float32Bytes: number;
  /** The quantized files written, in bytes. */
  quantizedBytes: number;
  /** Whether the engine opens them with int8 weights (its int8 copy), and why not. */
  int8: boolean;
  check: {
    passed: boolean;
    identical: number;
    compared: number;
    rule: string;
  };
  /** Whether the float32 files were deleted after the conversion, and the rule that decided. */
  float32Deleted: boolean;
  float32Rule: string;
  convertedAt: string;
  /** Seconds the quantization took. */
  seconds: number;
}

export function recordConversion(folder: string, record: ConversionRecord): void {
  writeManifestDocument(folder, { ...readManifestDocument(folder), conversion: record });
}

export function readConversion(folder: string): ConversionRecord | undefined {
  return readManifestDocument(folder).conversion as ConversionRecord | undefined;
}

export type FileCheck =
  | { file: string; state: 'ok' | 'missing' | 'unrecorded' }
  | { file: string; state: 'size'; expected: number; actual: number }
  | { file: string; state: 'sha256'; expected: string; actual: string };

/** Checks each file of the model against the sizes and checksums recorded at download. */
export async function verifyModel(model: ConfiguredModel): Promise<FileCheck[]> {
  return checkFiles(folderOf(model.source), model.files);
}

/** Checks files of a model folder against the sizes and checksums recorded at download. */
export async function checkFiles(folder: string, files: readonly string[]): Promise<FileCheck[]> {
  const manifest = readManifest(folder);
  const checks: FileCheck[] = [];
  for (const file of files) {
    const full = path.join(folder, file);
    const actual = sizeOf(full);
    const expected = manifest[file];
    if (actual === undefined) checks.push({ file, state: 'missing' });
    else if (!expected) checks.push({ file, state: 'unrecorded' });
    else if (expected.size !== actual) checks.push({ file, state: 'size', expected: expected.size, actual });
    else {
      const sha256 = await sha256Of(full);
      checks.push(
        sha256 === expected.sha256
          ? { file, state: 'ok' }
          : { file, state: 'sha256', expected: expected.sha256, actual: sha256 },
      );
    }
  }
  return checks;
}

/**
 * Deletes a downloaded model's folder from the cache. A folder the configuration names is the
 * operator's own and is left alone (the error says so).
 */
export function removeModel(model: ConfiguredModel): { folder: string; bytes: number } {
  if (model.source.kind === 'folder') {
    throw new Error(
      `${model.name} is a folder of yours, not a download in the model cache: remove it yourself if you mean to`,
    );
  }
  const folder = cachedModelFolder(model.source);
  const bytes = folderBytes(folder);
  fs.rmSync(folder, { recursive: true, force: true });
  return { folder, bytes };
}

function folderBytes(folder: string): number {
  let bytes = 0;
  if (!fs.existsSync(folder)) return 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += sizeOf(path.join(entry.parentPath, entry.name)) ?? 0;
  }
  return bytes;
}

function sizeOf(file: string): number | undefined {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

function readJson(folder: string, file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, unknown>;
}
