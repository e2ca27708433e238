import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_NLLB } from '../../../testing/tiny-nllb.ts';
import ort from 'onnxruntime-node';
import {
  BATCH_STATE_ROWS,
  lengthGroups,
  reorderInPlace,
  selectBatch,
  type BatchState,
  type DecodeJob,
} from './decoder-runner.ts';
import { BeamDecoder } from './beam-decoder.ts';
import { DecoderCacheBuffers } from './decoder-cache.ts';
import { GreedyDecoder } from './greedy-decoder.ts';
import { resolveModelSource } from '../../model-source.ts';
import { Seq2SeqModel } from '../seq2seq-model.ts';

describe('lengthGroups', () => {
  it('keeps rows of similar length together, in their order', () => {
    expect(lengthGroups([20, 24, 22, 18])).toEqual([[0, 1, 2, 3]]);
    expect(lengthGroups([7])).toEqual([[0]]);
  });

  it('splits rows of very different lengths, longest first, each row once', () => {
    const groups = lengthGroups([3, 60, 4, 58, 3, 61]);
    expect(groups).toEqual([
      [5, 1, 3],
      [2, 0, 4],
    ]);
  });

  it('splits only where the padding saved outweighs another run', () => {
    // One group: 2 × 40 + 32 = 112 padded tokens and run; two: 40 + 32 + 30 + 32 = 134.
    expect(lengthGroups([40, 30])).toEqual([[0, 1]]);
    // One group: 2 × 100 + 32 = 232; two: 100 + 32 + 10 + 32 = 174.
    expect(lengthGroups([10, 100])).toEqual([[1], [0]]);
  });
});

describe('encoding rows of very different lengths (tiny fixture, fp32)', () => {
  let model: Seq2SeqModel;
  beforeAll(async () => {
    const source = resolveModelSource(TINY_NLLB, { cacheDir: '/nonexistent' });
    model = await Seq2SeqModel.load({ source, dtype: 'fp32', threads: 1 });
  });
  afterAll(() => model?.dispose());

  const SENTENCES = [
    'Ok.',
    'A much longer sentence that goes on for a while, and then some more, so that it needs many tokens to say.',
    'Hi.',
    'Another long sentence, about the river, the bank, the fox and the dog, which keeps going for a bit.',
    'Yes.',
  ];

  function job(sentences: readonly string[]): DecodeJob {
    return model.prepare(sentences, 'eng_Latn', 'fra_Latn').job;
  }

  it('encodes them in groups, each row as if it were alone', async () => {
    const { rows } = job(SENTENCES);
    expect(lengthGroups(rows.map((row) => row.length)).length).toBeGreaterThan(1);
    const state = await model.runner.encode(rows);
    const [batch, length, width] = state.encoderHidden.dims as [number, number, number];
    expect(batch).toBe(rows.length);
    expect(length).toBe(Math.max(...rows.map((row) => row.length)));
    const hidden = state.encoderHidden.data as Float32Array;
    for (const [r, row] of rows.entries()) {
      const alone = (await model.runner.encode([row])).encoderHidden.data as Float32Array;
      const mine = hidden.subarray(r * length * width, (r * length + row.length) * width);
      expect(alone).toHaveLength(mine.length);
      for (let i = 0; i < alone.length; i++) expect(mine[i]).toBeCloseTo(alone[i]!, 4);
    }
  });

  it('decodes the batch token for token as one row at a time', async () => {
    const decoder = new GreedyDecoder(model.runner);
    const batched = await decoder.decode(job(SENTENCES));
    const single = [];
    for (const sentence of SENTENCES) single.push(...(await decoder.decode(job([sentence]))));
    expect(batched).toEqual(single);
    expect(batched.every((tokens) => tokens.length > 0)).toBe(true);
  });
});

describe('tokens picked inside the decoder (tiny fixture, q8)', () => {
  let inGraph: Seq2SeqModel;
  let inJs: Seq2SeqModel;
  beforeAll(async () => {
    const source = resolveModelSource(TINY_NLLB, { cacheDir: '/nonexistent' });
    inGraph = await Seq2SeqModel.load({ source, dtype: 'q8', threads: 1, picker: 'decoder' });
    inJs = await Seq2SeqModel.load({ source, dtype: 'q8', threads: 1, picker: 'js' });
  });
  afterAll(async () => {
    await inGraph?.dispose();
    await inJs?.dispose();
  });

  const SENTENCES = ["L'enfant « joue » & rit.", 'The river, the bank <and> the fox #2.', 'Yes.'];

  it("opens the engine's copy of the decoder with the picker's nodes and each step's new keys and values, and decodes what the whole decoder and JS decode", async () => {
    expect(inGraph.runner.picksInGraph).toBe(true);
    expect(inGraph.runner.newKeysValuesInGraph).toBe(true);
    expect(inJs.runner.newKeysValuesInGraph).toBe(false);
    expect(inJs.runner.picksInGraph).toBe(false);
    const job = (model: Seq2SeqModel) => model.prepare(SENTENCES, 'eng_Latn', 'fra_Latn').job;
    const greedy = await new GreedyDecoder(inGraph.runner).decode(job(inGraph));
    expect(greedy).toEqual(await new GreedyDecoder(inJs.runner).decode(job(inJs)));
    expect(greedy.every((tokens) => tokens.length > 0)).toBe(true);
    const [ours, theirs] = await Promise.all(
      [inGraph, inJs].map((model) => new BeamDecoder(model.runner, 3).searchAll(job(model))),
    );
    expect(ours!.map((row) => row.map((h) => h.tokens))).toEqual(
      theirs!.map((row) => row.map((h) => h.tokens)),
    );
    ours!
      .flat()
      .forEach((hypothesis, i) => expect(hypothesis.score).toBeCloseTo(theirs!.flat()[i]!.score, 4));
  });
});

describe('reorderInPlace', () => {
  // Three batch rows of two values each in two cache tensors; row r holds r*10, r*10+1.
  const state = () =>
    ({
      decoderCache: [0, 100].map(
        (base) =>
          new ort.Tensor(
            'float32',
            Float32Array.from([0, 1, 10, 11, 20, 21], (v) => v + base),
            [3, 1, 1, 2],
          ),
      ),
      encoderCache: [],
      encoderHidden: new ort.Tensor('float32', new Float32Array(3), [3, 1, 1]),
      encoderMask: new ort.Tensor('int64', new BigInt64Array(3), [3, 1]),
      started: true,
      cacheBuffers: new DecoderCacheBuffers(),
    }) satisfies BatchState;
  const rows = (s: BatchState) => s.decoderCache.map((tensor) => [...(tensor.data as Float32Array)]);

  for (const from of [
    [0, 0, 1], // a beam repeated, one overwritten after it is read
    [2, 0, 1], // a cycle: every row reads one that is overwritten
    [1, 1, 1],
    [0, 1, 2],
  ]) {
    it(`gives what selectBatch gives for ${JSON.stringify(from)}, in the same memory`, () => {
      const before = state();
      const memory = before.decoderCache.map((tensor) => tensor.data);
      const expected = rows(selectBatch(state(), from));
      const after = reorderInPlace(before, from);
      expect(rows(after)).toEqual(expected);
      after.decoderCache.forEach((tensor, i) => expect(tensor.data).toBe(memory[i]));
    });
  }
});

describe('the batch state: every entry says whether it follows the beams', () => {
  it('a real state (tiny fixture, before and after a step) has exactly the entries BATCH_STATE_ROWS declares', async () => {
    const source = resolveModelSource(TINY_NLLB, { cacheDir: '/nonexistent' });
    const model = await Seq2SeqModel.load({ source, dtype: 'fp32', threads: 1 });
    try {
      const { job } = model.prepare(['Hello there.', 'A second one.'], 'eng_Latn', 'fra_Latn');
      const { state, inputIds, inputLength } = await model.runner.start(job);
      const { state: stepped } = await model.runner.step(state, inputIds, inputLength, {
        count: 1,
        logProbs: false,
      });
      const declared = Object.keys(BATCH_STATE_ROWS).sort();
      expect(Object.keys(state).sort()).toEqual(declared);
      expect(Object.keys(stepped).sort()).toEqual(declared);
    } finally {
      await model.dispose();
    }
  });

  // Three batch rows; every per-row tensor's row r is filled with r (plus a base per tensor).
  const marked = (base: number, dims: number[]) =>
    new ort.Tensor(
      'float32',
      Float32Array.from(
        { length: 3 * dims.reduce((a, b) => a * b, 1) },
        (_, i) => base + Math.floor(i / dims.reduce((a, b) => a * b, 1)),
      ),
      [3, ...dims],
    );
  const state = (): BatchState => ({
    decoderCache: [marked(0, [1, 1, 2]), marked(100, [1, 1, 2])],
    encoderCache: [marked(200, [1, 2, 2])],
    encoderHidden: marked(300, [2, 1]),
    encoderMask: new ort.Tensor('int64', BigInt64Array.from([400n, 401n, 402n]), [3, 1]),
    started: true,
    cacheBuffers: new DecoderCacheBuffers(),
  });
  /** Per entry, the row each of its tensors' batch rows came from (undefined for `batch` entries). */
  const origins = (s: BatchState) =>
    Object.fromEntries(
      Object.entries(s).map(([key, value]) => {
        if (!(value instanceof ort.Tensor) && !Array.isArray(value)) return [key, undefined];
        return [
          key,
          (Array.isArray(value) ? value : [value]).map((tensor: ort.Tensor) => {
            const data = [...(tensor.data as Float32Array | BigInt64Array)].map(Number);
            const rowSize = data.length / tensor.dims[0]!;
            return Array.from({ length: tensor.dims[0]! }, (_, r) => data[r * rowSize]! % 100);
          }),
        ];
      }),
    );

  it('selectBatch gathers every beam and source-row entry and carries batch entries over', () => {
    const before = state();
    const from = [2, 0, 0];
    const after = selectBatch(before, from);
    const moved = origins(after);
    for (const [key, rule] of Object.entries(BATCH_STATE_ROWS)) {
      if (rule === 'batch') expect(after[key as keyof BatchState], key).toBe(before[key as keyof BatchState]);
      else for (const rows of moved[key]!) expect(rows, key).toEqual(from);
    }
  });

  it('reorderInPlace moves the beam entries only, leaving source-row entries as they are', () => {
    const before = state();
    const from = [1, 0, 0];
    const after = reorderInPlace(before, from);
    const moved = origins(after);
    for (const [key, rule] of Object.entries(BATCH_STATE_ROWS)) {
      if (rule === 'batch') continue;
      for (const rows of moved[key]!) expect(rows, key).toEqual(rule === 'beam' ? from : [0, 1, 2]);
    }
  });
});
