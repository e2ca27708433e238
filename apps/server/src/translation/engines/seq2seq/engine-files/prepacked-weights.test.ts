// The decoder's weights saved prepacked (prepacked-weights.ts) on a tiny synthetic NLLB in the
// published layout (make-synthetic-nllb.py; its q8 decoder runs the int8 matmul kernels): the
// prepacked copy gives the same logits to the bit in both branches of the merged decoder, a float32
// decoder's packings are refused before they can crash the process, the engine opens the prepacked
// copy and translates token for token as with its plain copy, and the copy cache counts it with its
// model and writes a new one for a new converter.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveModelSource } from '../../model-source.ts';
import { Seq2SeqModel } from '../seq2seq-model.ts';
import { listCopies } from './copy-cache.ts';
import { engineFeatures } from './engine-features.ts';
import { writeEngineCopy } from './int8-weights.ts';
import { message, node } from './onnx-writer.ts';
import { openModelFile } from './open-model-file.ts';
import { decoderPickerTail } from './picker-graph.ts';
import {
  dropRepeatedInitializers,
  isCrash,
  unreadablePackings,
  writePrepackedCopy,
  writePrepackedCopyApart,
} from './prepacked-weights.ts';
import { decoderStep, syntheticNllbForSuite } from './tiny-synthetic-decoder.ts';

const tiny = syntheticNllbForSuite('prepacked');
let folder: string;
let decoder: string;
beforeAll(() => ({ folder, decoder } = tiny));

/** The engine's copy of a tiny decoder (int8 for the q8 one, the picker's tail for the float32 one). */
function engineCopy(original: string, name: string): string {
  const target = path.join(folder, `${name}.onnx`);
  const int8 = original === decoder;
  const written = writeEngineCopy(original, target, {
    int8,
    ...(!int8 && { append: decoderPickerTail() }),
    externalData: { file: `${target}.data`, name: `${name}.onnx.data` },
  });
  expect(written).toMatchObject({ written: true, int8 });
  return target;
}

async function prepackedCopy(copy: string, name: string): Promise<string> {
  const target = path.join(folder, `${name}.onnx`);
  // Written under a name of its own, as the copy cache does, then moved to the name the model gives it.
  const data = { file: `${target}.partial-data`, name: `${name}.onnx.data` };
  await writePrepackedCopy(copy, target, data, { logSeverityLevel: 3 });
  fs.renameSync(data.file, `${target}.data`);
  return target;
}

describe('writePrepackedCopy', () => {
  it('saves the int8 decoder copy with its packed weights, the same logits to the bit in both branches', async () => {
    const copy = engineCopy(decoder, 'int8');
    const packed = await prepackedCopy(copy, 'int8-prepacked');
    // The packings are in its data file beside the weights, and only the int8 kernels' packings.
    expect(fs.statSync(`${packed}.data`).size).toBeGreaterThan(fs.statSync(`${copy}.data`).size);
    expect(unreadablePackings(packed)).toBeUndefined();
    for (const withCache of [false, true]) {
      const logits = await decoderStep(packed, withCache);
      expect(logits.length).toBe(2 * 1200);
      expect(Array.from(logits)).toEqual(Array.from(await decoderStep(copy, withCache)));
    }
  });

  it("refuses a float32 decoder's packings, which ONNX Runtime 1.30 crashes running from a file", async () => {
    const copy = engineCopy(path.join(folder, 'onnx/decoder_model_merged.onnx'), 'fp32');
    const packed = await prepackedCopy(copy, 'fp32-prepacked');
    // Never opened here: it would take the test process down.
    expect(unreadablePackings(packed)).toMatch(/packings of MatMul/);
  });
});

describe('writePrepackedCopyApart', () => {
  it('writes in a child process the same copy as in this one', async () => {
    const copy = engineCopy(decoder, 'int8-for-apart');
    const here = await prepackedCopy(copy, 'int8-here');
    const apart = path.join(folder, 'int8-apart.onnx');
    const data = { file: `${apart}.partial-data`, name: 'int8-here.onnx.data' };
    await writePrepackedCopyApart(copy, apart, data, { logSeverityLevel: 3 });
    expect(fs.readFileSync(apart).equals(fs.readFileSync(here))).toBe(true);
    expect(fs.readFileSync(data.file).equals(fs.readFileSync(`${here}.data`))).toBe(true);
  });

  it("rejects with the child's reason, and this process goes on", async () => {
    const missing = path.join(folder, 'no-such-copy.onnx');
    const target = path.join(folder, 'never.onnx');
    await expect(
      writePrepackedCopyApart(missing, target, { file: `${target}.data`, name: 'never.onnx.data' }, {}),
    ).rejects.toThrow(/^writing the prepacked copy failed \(exit code 1\): .*no-such-copy\.onnx/);
    expect(fs.existsSync(target)).toBe(false);
  });
});

describe('isCrash', () => {
  it("tells ONNX Runtime's crashes from a kill from outside and from a failure it reported", () => {
    for (const signal of ['SIGSEGV', 'SIGABRT', 'SIGBUS'] as const)
      expect(isCrash(signal), signal).toBe(true);
    for (const signal of ['SIGKILL', 'SIGTERM', null] as const)
      expect(isCrash(signal), String(signal)).toBe(false);
  });
});

describe('dropRepeatedInitializers', () => {
  const tensor = (name: string, value: number) =>
    message([
      [8, name],
      [2, 1],
      [1, value],
    ]);
  const graph = (initializers: Uint8Array[]) => message(initializers.map((bytes) => [5, bytes]));
  const model = (branch: Uint8Array) =>
    Buffer.from(message([[7, message([[1, node('If', ['c'], ['y'], [], [['then_branch', branch]])]])]]));

  it("keeps the first of each name in a subgraph's initializers, and leaves other models as they are", () => {
    const repeated = model(graph([tensor('empty', 0), tensor('empty', 0), tensor('other', 1)]));
    expect(dropRepeatedInitializers(repeated)).toEqual(
      model(graph([tensor('empty', 0), tensor('other', 1)])),
    );
    const clean = model(graph([tensor('empty', 0), tensor('other', 1)]));
    expect(dropRepeatedInitializers(clean)).toBe(clean);
  });
});

describe('the prepacked decoder through the engine', () => {
  it('opens it, translates token for token as with the plain copy, and reuses it', async () => {
    const source = resolveModelSource(folder, { cacheDir: '/nonexistent' });
    const cache = path.join(folder, 'cache');
    const sentences = ['The river bank.', 'A fox, a dog and a much longer sentence after them.'];
    const translate = async (benchPrepacked?: 'none') => {
      const model = await Seq2SeqModel.load({
        source,
        copyCache: cache,
        dtype: 'q8',
        threads: 1,
        ...(benchPrepacked && { benchPrepacked }),
      });
      const notes = () =>
        fs.readdirSync(path.join(cache, 'engine-copies')).filter((name) => name.includes('.opening-'));
      try {
        expect(model.openedFiles.decoder.includes('.prepacked.')).toBe(benchPrepacked === undefined);
        // Its opening note stays until the decoder has run (opening-note.ts).
        expect(notes()).toHaveLength(benchPrepacked === undefined ? 1 : 0);
        const { translations } = await model.translate(sentences, 'eng_Latn', 'fra_Latn');
        expect(notes()).toEqual([]);
        return translations;
      } finally {
        await model.dispose();
      }
    };
    const texts = await translate();
    expect(texts.join('').length).toBeGreaterThan(0);
    expect(texts).toEqual(await translate('none'));
    const [record] = listCopies(path.join(cache, 'engine-copies')).filter((copy) =>
      copy.variant.endsWith('.prepacked'),
    );
    // Counted with its model (its source is the model's file, not the copy it was made from), both files.
    expect(record).toMatchObject({ source: decoder, variant: 'int8.picker.prepacked', int8: true });
    expect(record!.onDisk).toBe(fs.statSync(record!.file).size + fs.statSync(`${record!.file}.data`).size);
    const written = fs.statSync(record!.file).mtimeMs;
    expect(await translate()).toEqual(texts);
    expect(fs.statSync(record!.file).mtimeMs).toBe(written);
  });

  it('gives up a prepacked copy a model process died opening: the plain copy opens, and /status says why', async () => {
    const copies = path.join(folder, 'crash-cache');
    const options = { copies, int8: true, sessionOptions: { logSeverityLevel: 3 as const }, prepacked: true };
    const first = await openModelFile(decoder, options);
    await first.session.release();
    expect(first.prepacked).toBe(true);
    // A process of this machine left its note and is gone (a segfault leaves it so).
    const gone = spawnSync('true').pid;
    fs.writeFileSync(`${first.file}.opening-${os.hostname()}-${gone}`, '');

    const after = await openModelFile(decoder, options);
    await after.session.release();
    expect(after).toMatchObject({ prepacked: false, int8: true });
    expect(after.file).not.toBe(first.file);
    expect(after.prepackedOff).toMatch(
      /prepacked copy of decoder_model_merged_quantized\.onnx is not used: a model process died while opening it/,
    );
    const features = engineFeatures({
      dtype: 'q8',
      encoder: after,
      decoder: after,
      picker: 'decoder',
      picksInGraph: true,
      newKeysValuesInGraph: true,
      tokenizerPieces: { on: true },
    });
    expect(features.prepacked_weights).toEqual({ on: false, why: after.prepackedOff, fallback: true });
    // Remembered: not written and tried again at the next start.
    const again = await openModelFile(decoder, options);
    await again.session.release();
    expect(again.prepacked).toBe(false);
    expect(fs.existsSync(first.file)).toBe(false);
  });

  it('writes a new prepacked copy for a new converter, and deletes the old one', async () => {
    const copies = path.join(folder, 'converter-cache');
    const open = async (converter: string) => {
      const opened = await openModelFile(decoder, {
        copies,
        int8: true,
        sessionOptions: { logSeverityLevel: 3 },
        converter,
        prepacked: true,
      });
      await opened.session.release();
      expect(opened.prepacked).toBe(true);
      return opened.file;
    };
    const old = await open('test@1');
    const bumped = await open('test@2');
    expect(bumped).not.toBe(old);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(`${old}.data`)).toBe(false);
    expect(fs.existsSync(bumped)).toBe(true);
  });
});
