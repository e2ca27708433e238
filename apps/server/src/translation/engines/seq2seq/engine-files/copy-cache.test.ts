import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeEngineCopy } from './int8-weights.ts';
import {
  cachedCopy,
  copiesOf,
  dataFileOf,
  LastingCopyFailure,
  listCopies,
  markCopyFailed,
  removeCopies,
  type CopyWriter,
} from './copy-cache.ts';
import { openModelFile } from './open-model-file.ts';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../test/fixtures/tiny-opus-mt-en-fr/onnx',
);
const QUANTIZED = path.join(FIXTURE, 'decoder_model_merged_quantized.onnx');

let cache: string;
let copies: string;
let writes: number;
beforeEach(() => {
  cache = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-copy-cache-'));
  copies = path.join(cache, 'engine-copies');
  writes = 0;
});
afterEach(() => fs.rmSync(cache, { recursive: true, force: true }));

/** The int8 writer, counting its calls. */
const int8: CopyWriter = (original, target) => {
  writes++;
  return writeEngineCopy(original, target, { int8: true });
};

describe('the engine copy cache', () => {
  it('writes a copy under the model cache once, then reuses it', async () => {
    const first = await cachedCopy(copies, { original: QUANTIZED, variant: 'int8' }, int8);
    expect(first).toMatchObject({ kind: 'copy', int8: true, reused: false });
    if (first.kind !== 'copy') throw new Error('no copy');
    expect(path.dirname(first.file)).toBe(copies);
    expect(await cachedCopy(copies, { original: QUANTIZED, variant: 'int8' }, int8)).toEqual({
      ...first,
      reused: true,
    });
    expect(writes).toBe(1);
    expect(listCopies(copies)).toEqual([
      expect.objectContaining({
        source: QUANTIZED,
        variant: 'int8',
        int8: true,
        onDisk: fs.statSync(QUANTIZED).size,
      }),
    ]);
    expect(copiesOf(copies, path.dirname(FIXTURE))).toHaveLength(1);
    // Only the copies of files in that folder (the checkout itself may be under the temporary folder).
    expect(copiesOf(copies, path.join(cache, 'another-model'))).toHaveLength(0);
  });

  it("keeps a copy's weights in its data file: counted, written again when it is missing, removed with it", async () => {
    const external: CopyWriter = (original, target, data) => {
      writes++;
      return writeEngineCopy(original, target, { int8: true, externalData: data });
    };
    const first = await cachedCopy(copies, { original: QUANTIZED, variant: 'int8' }, external);
    if (first.kind !== 'copy') throw new Error('no copy');
    const data = dataFileOf(first.file);
    const [found] = listCopies(copies);
    expect(found!.dataBytes).toBe(fs.statSync(data).size);
    expect(found!.onDisk).toBe(fs.statSync(first.file).size + fs.statSync(data).size);
    expect(fs.readdirSync(copies).filter((name) => name.includes('partial'))).toEqual([]);
    fs.rmSync(data);
    expect(await cachedCopy(copies, { original: QUANTIZED, variant: 'int8' }, external)).toMatchObject({
      reused: false,
    });
    expect(writes).toBe(2);
    expect(fs.existsSync(data)).toBe(true);
    removeCopies(listCopies(copies));
    expect(fs.readdirSync(copies)).toEqual([]);
  });

  it('writes a new copy when the converter version changes, and deletes the stale one', async () => {
    const old = await cachedCopy(copies, { original: QUANTIZED, variant: 'int8', converter: 'test@1' }, int8);
    const bumped = await cachedCopy(
      copies,
      { original: QUANTIZED, variant: 'int8', converter: 'test@2' },
      int8,
    );
    expect(writes).toBe(2);
    if (old.kind !== 'copy' || bumped.kind !== 'copy') throw new Error('no copy');
    expect(bumped.file).not.toBe(old.file);
    expect(bumped.reused).toBe(false);
    expect(fs.existsSync(old.file)).toBe(false);
    expect(listCopies(copies).map((copy) => copy.converter)).toEqual(['test@2']);
  });

  it('writes a new copy when the bytes appended change', async () => {
    const request = { original: QUANTIZED, variant: 'int8.picker' };
    await cachedCopy(copies, { ...request, appended: Uint8Array.of(1) }, int8);
    await cachedCopy(copies, { ...request, appended: Uint8Array.of(2) }, int8);
    expect(writes).toBe(2);
  });

  it('reuses the copy of the same content read from another place, and its record follows it', async () => {
    const [here, moved] = ['here', 'moved'].map((folder) => {
      fs.mkdirSync(path.join(cache, folder));
      const file = path.join(cache, folder, path.basename(QUANTIZED));
      fs.copyFileSync(QUANTIZED, file);
      fs.utimesSync(file, 1_700_000_000, 1_700_000_000); // copied as `cp -p` would keep it
      return file;
    }) as [string, string];
    const first = await cachedCopy(copies, { original: here, variant: 'int8' }, int8);
    const again = await cachedCopy(copies, { original: moved, variant: 'int8' }, int8);
    expect(again).toEqual({ ...first, reused: true });
    expect(writes).toBe(1);
    expect(listCopies(copies).map((copy) => copy.source)).toEqual([moved]);
  });

  it('writes a new copy when the original changes', async () => {
    const original = path.join(cache, 'model.onnx');
    fs.copyFileSync(QUANTIZED, original);
    const before = await cachedCopy(copies, { original, variant: 'int8' }, int8);
    const bytes = fs.readFileSync(original);
    fs.writeFileSync(original, Buffer.concat([bytes, Buffer.alloc(0)]));
    fs.utimesSync(original, new Date(), new Date(Date.now() + 5_000));
    const after = await cachedCopy(copies, { original, variant: 'int8' }, int8);
    expect(writes).toBe(2);
    if (before.kind !== 'copy' || after.kind !== 'copy') throw new Error('no copy');
    expect(after.file).not.toBe(before.file);
  });

  it('writes again a copy whose size is not what it wrote (an interrupted or damaged copy)', async () => {
    const first = await cachedCopy(copies, { original: QUANTIZED, variant: 'int8' }, int8);
    if (first.kind !== 'copy') throw new Error('no copy');
    fs.truncateSync(first.file, 100);
    expect(await cachedCopy(copies, { original: QUANTIZED, variant: 'int8' }, int8)).toMatchObject({
      kind: 'copy',
      reused: false,
    });
    expect(fs.statSync(first.file).size).toBe(fs.statSync(QUANTIZED).size);
  });

  it('remembers a copy that failed to open, and does not write it again', async () => {
    const first = await cachedCopy(copies, { original: QUANTIZED, variant: 'int8' }, int8);
    if (first.kind !== 'copy') throw new Error('no copy');
    markCopyFailed(first.file, 'Load model failed:\n protobuf parsing failed');
    expect(fs.existsSync(first.file)).toBe(false);
    const again = await cachedCopy(copies, { original: QUANTIZED, variant: 'int8' }, int8);
    expect(again).toMatchObject({ kind: 'unavailable' });
    expect(again.kind === 'unavailable' && again.reason).toMatch(/failed to open .*protobuf parsing failed/);
    expect(writes).toBe(1);
    expect(listCopies(copies)).toEqual([expect.objectContaining({ onDisk: 0, failed: expect.anything() })]);
    // A new converter tries again.
    expect(
      (await cachedCopy(copies, { original: QUANTIZED, variant: 'int8', converter: 'next' }, int8)).kind,
    ).toBe('copy');
  });

  it('remembers a writer that crashed, where any other failure to write is tried again', async () => {
    let attempts = 0;
    const failing =
      (error: Error): CopyWriter =>
      () => {
        attempts++;
        throw error;
      };
    const crashing = failing(new LastingCopyFailure('writing the prepacked copy failed (SIGSEGV)'));
    const request = { original: QUANTIZED, variant: 'int8' };
    expect((await cachedCopy(copies, request, crashing)).kind).toBe('unavailable');
    const again = await cachedCopy(copies, request, crashing);
    expect(again.kind === 'unavailable' && again.reason).toMatch(
      /failed to be written on .*\(SIGSEGV\)\); it is not written again/,
    );
    expect(attempts).toBe(1);
    expect(listCopies(copies)).toEqual([expect.objectContaining({ onDisk: 0, failed: expect.anything() })]);
    expect((await cachedCopy(copies, { ...request, converter: 'next' }, int8)).kind).toBe('copy');

    const full = failing(new Error('ENOSPC: no space left on device, write'));
    const other = { original: QUANTIZED, variant: 'other' };
    await cachedCopy(copies, other, full);
    const retried = await cachedCopy(copies, other, full);
    expect(retried.kind === 'unavailable' && retried.reason).toMatch(/could not write its copy .*ENOSPC/);
    expect(attempts).toBe(3);
  });

  it('says why when the copy cannot be written', async () => {
    fs.writeFileSync(copies, 'a file where the folder should be');
    const outcome = await cachedCopy(copies, { original: QUANTIZED, variant: 'int8' }, int8);
    expect(outcome.kind).toBe('unavailable');
    expect(outcome.kind === 'unavailable' && outcome.reason).toMatch(/could not write its copy/);
  });
});

describe('openModelFile', () => {
  const sessionOptions = { logSeverityLevel: 3 as const };

  it('opens the int8 copy, and the original with the reason when the copy does not open', async () => {
    const good = await openModelFile(QUANTIZED, { copies, int8: true, sessionOptions });
    expect(good).toMatchObject({ int8: true });
    expect(good.copyOff).toBeUndefined();
    expect(path.dirname(good.file)).toBe(copies);
    await good.session.release();
    // The copy on disk damaged (same size): ONNX Runtime refuses it.
    const size = fs.statSync(good.file).size;
    fs.writeFileSync(good.file, Buffer.alloc(size, 0xff));
    const fallback = await openModelFile(QUANTIZED, { copies, int8: true, sessionOptions });
    expect(fallback.file).toBe(QUANTIZED);
    expect(fallback.int8).toBe(false);
    expect(fallback.copyOff).toMatch(/copy of decoder_model_merged_quantized\.onnx failed to open/);
    expect(fallback.int8Off).toEqual({ why: fallback.copyOff, fallback: true });
    await fallback.session.release();
    // Remembered: the next load opens the original without writing the copy again.
    const next = await openModelFile(QUANTIZED, { copies, int8: true, sessionOptions });
    expect(next.copyOff).toMatch(/failed to open on .* not written again/);
    expect(fs.existsSync(good.file)).toBe(false);
    await next.session.release();
  });

  it('opens an fp32 file as it is when there is nothing to change, saying why it is not int8', async () => {
    const fp32 = path.join(FIXTURE, 'decoder_model_merged.onnx');
    const opened = await openModelFile(fp32, { copies, int8: true, sessionOptions });
    expect(opened).toMatchObject({
      file: fp32,
      int8: false,
      int8Off: { why: 'it has no uint8 weights', fallback: false },
    });
    await opened.session.release();
    expect(listCopies(copies)).toEqual([]);
  });
});
