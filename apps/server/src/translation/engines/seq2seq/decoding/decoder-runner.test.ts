import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TINY_NLLB } from '../../../testing/tiny-nllb.ts';
import { BATCH_STATE_ROWS } from './batch-state.ts';
import type { DecodeJob } from './decoder.ts';
import type { DecodeStart } from './decoder-runner.ts';
import { lengthGroups } from './decoder-runner.ts';
import { BeamDecoder } from './beam-decoder.ts';
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

/** The tiny NLLB model for the calling describe's tests: loaded before them, disposed after. */
function tinyNllbDuringSuite(dtype: 'fp32' | 'q8'): () => Seq2SeqModel {
  let model: Seq2SeqModel | undefined;
  beforeAll(async () => {
    const source = resolveModelSource(TINY_NLLB, { cacheDir: '/nonexistent' });
    model = await Seq2SeqModel.load({ source, dtype, threads: 1 });
  });
  afterAll(() => model?.dispose());
  return () => model!;
}

describe('encoding rows of very different lengths (tiny fixture, fp32)', () => {
  const tiny = tinyNllbDuringSuite('fp32');

  const SENTENCES = [
    'Ok.',
    'A much longer sentence that goes on for a while, and then some more, so that it needs many tokens to say.',
    'Hi.',
    'Another long sentence, about the river, the bank, the fox and the dog, which keeps going for a bit.',
    'Yes.',
  ];

  function job(sentences: readonly string[]): DecodeJob {
    return tiny().prepare(sentences, 'eng_Latn', 'fra_Latn').job;
  }

  it('encodes them in groups, each row as if it were alone', async () => {
    const { rows } = job(SENTENCES);
    expect(lengthGroups(rows.map((row) => row.length)).length).toBeGreaterThan(1);
    const state = await tiny().runner.encode(rows);
    const [batch, length, width] = state.encoderHidden.dims as [number, number, number];
    expect(batch).toBe(rows.length);
    expect(length).toBe(Math.max(...rows.map((row) => row.length)));
    const hidden = state.encoderHidden.data as Float32Array;
    for (const [r, row] of rows.entries()) {
      const alone = (await tiny().runner.encode([row])).encoderHidden.data as Float32Array;
      const mine = hidden.subarray(r * length * width, (r * length + row.length) * width);
      expect(alone).toHaveLength(mine.length);
      for (let i = 0; i < alone.length; i++) expect(mine[i]).toBeCloseTo(alone[i]!, 4);
    }
  });

  it('decodes the batch token for token as one row at a time', async () => {
    const decoder = new GreedyDecoder(tiny().runner);
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

describe("a job's buffers (tiny fixture, q8, the engine's copy)", () => {
  const tiny = tinyNllbDuringSuite('q8');

  for (const decoder of ['greedy', 'beams'] as const) {
    it(`are freed when the job ends, not left to V8's next full collection (${decoder})`, async () => {
      const model = tiny();
      const started: DecodeStart[] = [];
      const start = model.runner.start.bind(model.runner);
      const spy = vi.spyOn(model.runner, 'start').mockImplementation(async (job) => {
        started.push(await start(job));
        return started.at(-1)!;
      });
      try {
        const { job } = model.prepare(
          ['Hello there.', 'A second, longer one, of a few words.'],
          'eng_Latn',
          'fra_Latn',
        );
        const tokens = await (decoder === 'greedy'
          ? new GreedyDecoder(model.runner).decode(job)
          : new BeamDecoder(model.runner, 2).decode(job));
        expect(tokens.every((row) => row.length > 0)).toBe(true);
        const { state } = started[0]!;
        expect(state.cacheBuffers.held().length).toBeGreaterThan(0);
        for (const array of [...state.cacheBuffers.held(), state.encoderHidden.data as Float32Array]) {
          expect(array.buffer.byteLength).toBe(0);
        }
      } finally {
        spy.mockRestore();
      }
    });
  }
});

describe('the batch state the runner makes', () => {
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
});
