/**
 * Where the engine keeps the copies of model files it rewrites (int8 weights, the decoder with the
 * picker's nodes): one folder under the model cache (`SEMA_MODEL_CACHE`, `~/.cache/sema` by
 * default), never the system's temporary folder, which a systemd unit with `PrivateTmp=yes` empties
 * at every restart and which is often RAM (tmpfs).
 *
 * A copy is named by a key made of what it was made from and how:
 * - the original's content fingerprint: its size, its mtime, and SHA-256 over its first and last
 *   64 KiB and 16 samples spread over the rest (hashing the whole of a 900 MB file would add seconds
 *   to every start; weights changed in place without a change of size or mtime are not a case we
 *   meet);
 * - the converter's version (`ENGINE_FILES_VERSION`, bumped with any change to what a copy
 *   holds) and the bytes appended, so that a changed converter writes a new copy instead of serving
 *   a stale one.
 * Beside each copy a small JSON record says what it is a copy of (for `npm run models -- list`), and,
 * when the copy failed to open (or its writer crashed: `LastingCopyFailure`), why: the failure is
 * then remembered under that key (the copy itself is deleted) so the engine does not write 900 MB
 * again at each start to fail again; a new converter version, or a new original, tries again. Copies of the same original and variant made
 * under another key are deleted once the new one is in place.
 *
 * No ONNX Runtime here: `npm run models -- list` reads the records without loading it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { uniqueTempName } from '../../../../lib/unique-temp-name.ts';

/**
 * What a copy holds, as written by this version of the engine: bump it whenever the int8
 * conversion, the graph tails or the way they are written change, so that every copy made by the
 * previous code is made again.
 */
export const ENGINE_FILES_VERSION = 'engine-files@3';

/** The copies' folder under the model cache. */
export const COPIES_FOLDER = 'engine-copies';

/** The record kept beside a copy (`<copy>.json`). */
export interface CopyRecord {
  /** Absolute path of the original file. */
  source: string;
  /** What was changed, as in the copy's name (`int8`, `picker`, `int8.picker`). */
  variant: string;
  /** The converter version that wrote it. */
  converter: string;
  /** Size of the copy in bytes (a copy of another size is incomplete, and is written again). */
  bytes: number;
  /** Size of its weights' data file (`<copy>.data`, external-weights.ts), when it has one. */
  dataBytes?: number;
  /** Whether its uint8 weights were written as int8. */
  int8: boolean;
  /** Why weights asked to go int8 did not. */
  why?: string;
  /** When it was written (ISO time). */
  written: string;
  /** Set when the copy failed to open: why, and when (the copy itself is gone). */
  failed?: { reason: string; at: string };
}

/** A copy found in the folder, with its record. */
export interface FoundCopy extends CopyRecord {
  /** The copy's path (absent on disk when it failed). */
  file: string;
  /** Bytes on disk: the copy's and its data file's, 0 when it failed. */
  onDisk: number;
}

/**
 * A writer's failure that would come again the same at every start (ONNX Runtime crashing as it
 * writes): remembered like a copy that failed to open, where any other failure (a full disk, a
 * folder not writable) is tried again at the next start.
 */
export class LastingCopyFailure extends Error {
  override name = 'LastingCopyFailure';
}

export type CopyOutcome =
  /** The copy to open (written now, or reused). */
  | { kind: 'copy'; file: string; int8: boolean; why?: string; reused: boolean }
  /** Nothing to change in the original (no weights to convert, nothing to append). */
  | { kind: 'unchanged'; why?: string }
  /** The copy could not be had: open the original; `reason` says why (a fallback, to be told). */
  | { kind: 'unavailable'; reason: string };

/**
 * Writes a copy of `original` into `target`, or nothing (`written` false) when there is nothing to
 * change; `int8` whether its weights went int8, `why` why weights asked to go int8 did not. It may
 * put the copy's weights in `data.file`, named `data.name` in the copy (external-weights.ts).
 */
export type CopyWriter = (
  original: string,
  target: string,
  data: { file: string; name: string },
) => { written: boolean; int8: boolean; why?: string };

/** The data file of a copy whose weights are outside it. */
export function dataFileOf(copy: string): string {
  return `${copy}.data`;
}

export interface CopyRequest {
  /** The original file. */
  original: string;
  /** A short name for what is changed, part of the copy's name (`int8.picker`). */
  variant: string;
  /** Bytes the writer appends, part of the key (the graph tails). */
  appended?: Uint8Array;
  /** The converter's version; `ENGINE_FILES_VERSION` unless a test changes it. */
  converter?: string;
  /**
   * The file the record names as the copy's source when `original` is itself a copy (the prepacked
   * decoder, a copy of the engine's decoder copy): the model's file, so that `npm run models` counts
   * it with its model. The key is still `original`'s.
   */
  recordSource?: string;
}

/** The folder for copies under a model cache. */
export function copiesFolder(modelCache: string): string {
  return path.join(modelCache, COPIES_FOLDER);
}

/**
 * The copy of `request.original` to open, from the cache in `folder`, written by `write` when it is
 * not there yet; or why the original is to be opened instead. `write` may take its time (ONNX
 * Runtime saving a model: prepacked-weights.ts).
 */
export async function cachedCopy(
  folder: string,
  request: CopyRequest,
  write: (...args: Parameters<CopyWriter>) => ReturnType<CopyWriter> | Promise<ReturnType<CopyWriter>>,
): Promise<CopyOutcome> {
  const slot = lookUp(folder, request);
  if ('outcome' in slot) return slot.outcome;
  let written: ReturnType<CopyWriter>;
  try {
    fs.mkdirSync(folder, { recursive: true });
    written = await write(slot.original, slot.partial, slot.data);
  } catch (error) {
    if (error instanceof LastingCopyFailure) rememberWriteFailure(slot, request.variant, error.message);
    return notWritten(folder, slot, error);
  }
  return commit(folder, request, slot, written);
}

/** Where a copy not yet written goes. */
interface Slot {
  original: string;
  /** The file the record names as the copy's source. */
  source: string;
  converter: string;
  file: string;
  partial: string;
  data: { file: string; name: string };
}

function lookUp(folder: string, request: CopyRequest): Slot | { outcome: CopyOutcome } {
  const original = path.resolve(request.original);
  const source = request.recordSource ? path.resolve(request.recordSource) : original;
  const converter = request.converter ?? ENGINE_FILES_VERSION;
  const file = copyPath(folder, source, request.variant, key(original, converter, request.appended));
  const record = readRecord(file);
  if (record?.failed) {
    return {
      outcome: {
        kind: 'unavailable',
        reason: `the engine's copy of ${path.basename(original)} failed ${record.bytes === 0 ? 'to be written' : 'to open'} on ${record.failed.at} (${record.failed.reason}); it is not written again until the converter or the file changes (or its record ${file}.json is deleted)`,
      },
    };
  }
  if (
    record &&
    sizeOf(file) === record.bytes &&
    (record.dataBytes === undefined || sizeOf(dataFileOf(file)) === record.dataBytes)
  ) {
    // The same content elsewhere (a cache moved, a folder copied): the record follows the file read.
    if (record.source !== source) {
      try {
        writeRecord(file, { ...record, source });
      } catch {
        // Only `npm run models -- list` reads it.
      }
    }
    return {
      outcome: {
        kind: 'copy',
        file,
        int8: record.int8,
        ...(record.why && { why: record.why }),
        reused: true,
      },
    };
  }
  // Named uniquely: nodes sharing a model volume write copies at once, with the same pid.
  const partial = uniqueTempName(file, 'partial');
  return {
    original,
    source,
    converter,
    file,
    partial,
    data: { file: dataFileOf(partial), name: path.basename(dataFileOf(file)) },
  };
}

function notWritten(folder: string, slot: Slot, error: unknown): CopyOutcome {
  removeQuietly(slot.partial);
  removeQuietly(slot.data.file);
  return {
    kind: 'unavailable',
    reason: `the engine could not write its copy of ${path.basename(slot.original)} into ${folder}: ${(error as Error).message}`,
  };
}

function commit(
  folder: string,
  request: CopyRequest,
  slot: Slot,
  written: ReturnType<CopyWriter>,
): CopyOutcome {
  const { file, partial } = slot;
  try {
    if (!written.written) {
      removeQuietly(partial);
      removeQuietly(slot.data.file);
      return { kind: 'unchanged', ...(written.why && { why: written.why }) };
    }
    // The data first: a copy in place names its data file.
    const dataBytes = sizeOf(slot.data.file);
    if (dataBytes !== undefined) fs.renameSync(slot.data.file, dataFileOf(file));
    fs.renameSync(partial, file);
    writeRecord(file, {
      source: slot.source,
      variant: request.variant,
      converter: slot.converter,
      bytes: fs.statSync(file).size,
      ...(dataBytes !== undefined && { dataBytes }),
      int8: written.int8,
      ...(written.why && { why: written.why }),
      written: new Date().toISOString(),
    });
  } catch (error) {
    return notWritten(folder, slot, error);
  }
  try {
    removeOtherCopies(folder, slot.source, request.variant, file);
  } catch {
    // Stale copies left behind cost disk only; `npm run models -- list` shows them.
  }
  return { kind: 'copy', file, int8: written.int8, ...(written.why && { why: written.why }), reused: false };
}

/**
 * Records that a copy failed to open (ONNX Runtime refused it) and deletes it: the same copy is
 * not written again (see the module comment). Never throws: the model opens its original anyway.
 */
export function markCopyFailed(copy: string, reason: string): void {
  const record = readRecord(copy);
  removeQuietly(copy);
  removeQuietly(dataFileOf(copy));
  if (!record) return;
  try {
    writeRecord(copy, { ...record, failed: { reason: oneLine(reason), at: new Date().toISOString() } });
  } catch {
    // A cache we cannot write to: the copy is tried again next time, and fails again loudly.
  }
}

/** A record of a copy that was never written, holding why (`bytes` 0): see `LastingCopyFailure`. */
function rememberWriteFailure(slot: Slot, variant: string, reason: string): void {
  try {
    writeRecord(slot.file, {
      source: slot.source,
      variant,
      converter: slot.converter,
      bytes: 0,
      int8: false,
      written: new Date().toISOString(),
      failed: { reason: oneLine(reason), at: new Date().toISOString() },
    });
  } catch {
    // A cache we cannot write to: the copy is tried again next time.
  }
}

/** Every copy in the folder with its record (records without a readable JSON are left out). */
export function listCopies(folder: string): FoundCopy[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  const found: FoundCopy[] = [];
  for (const name of names) {
    if (!name.endsWith('.onnx.json')) continue;
    const file = path.join(folder, name.slice(0, -'.json'.length));
    const record = readRecord(file);
    if (record)
      found.push({ ...record, file, onDisk: (sizeOf(file) ?? 0) + (sizeOf(dataFileOf(file)) ?? 0) });
  }
  return found;
}

/** Whether a copy was made of a file inside `modelFolder`. */
export function isCopyOf(copy: CopyRecord, modelFolder: string): boolean {
  return copy.source.startsWith(path.resolve(modelFolder) + path.sep);
}

/** The copies made of files inside `modelFolder`. */
export function copiesOf(folder: string, modelFolder: string): FoundCopy[] {
  return listCopies(folder).filter((copy) => isCopyOf(copy, modelFolder));
}

/** Deletes copies and their records. */
export function removeCopies(copies: readonly FoundCopy[]): void {
  for (const copy of copies) {
    fs.rmSync(copy.file, { force: true });
    fs.rmSync(dataFileOf(copy.file), { force: true });
    fs.rmSync(`${copy.file}.json`, { force: true });
  }
}

function copyPath(folder: string, original: string, variant: string, copyKey: string): string {
  return path.join(folder, `${path.basename(original, '.onnx')}.${variant}.${copyKey}.onnx`);
}

function key(original: string, converter: string, appended: Uint8Array | undefined): string {
  const hash = createHash('sha256');
  hash.update(`${converter}\n${fingerprint(original)}\n`);
  if (appended) hash.update(appended);
  return hash.digest('hex').slice(0, 20);
}

const EDGE = 64 * 1024;
const SAMPLES = 16;
const SAMPLE = 4 * 1024;

/** The original's size, mtime and a hash of some of its bytes (see the module comment). */
export function fingerprint(file: string): string {
  const { size, mtimeMs } = fs.statSync(file);
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const read = (at: number, length: number) => {
      const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - at)));
      fs.readSync(fd, bytes, 0, bytes.length, at);
      hash.update(bytes);
    };
    read(0, EDGE);
    for (let i = 1; i <= SAMPLES; i++) read(Math.floor((size * i) / (SAMPLES + 1)), SAMPLE);
    read(Math.max(0, size - EDGE), EDGE);
  } finally {
    fs.closeSync(fd);
  }
  return `${size}:${Math.floor(mtimeMs)}:${hash.digest('hex')}`;
}

function removeOtherCopies(folder: string, original: string, variant: string, keep: string): void {
  const others = listCopies(folder).filter(
    (copy) => copy.source === original && copy.variant === variant && copy.file !== keep,
  );
  removeCopies(others);
}

function readRecord(copy: string): CopyRecord | undefined {
  try {
    return JSON.parse(fs.readFileSync(`${copy}.json`, 'utf8')) as CopyRecord;
  } catch {
    return undefined;
  }
}

function writeRecord(copy: string, record: CopyRecord): void {
  const partial = uniqueTempName(`${copy}.json`, 'partial');
  fs.writeFileSync(partial, `${JSON.stringify(record, null, 2)}\n`);
  fs.renameSync(partial, `${copy}.json`);
}

function sizeOf(file: string): number | undefined {
  return fs.statSync(file, { throwIfNoEntry: false })?.size;
}

function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // Nothing there to remove, or a folder we cannot write to.
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
