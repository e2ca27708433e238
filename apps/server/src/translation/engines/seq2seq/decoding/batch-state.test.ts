import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import {
  BATCH_STATE_ROWS,
  releaseBatchState,
  reorderInPlace,
  rowsOnlyLeave,
  selectBatch,
  type BatchState,
} from './batch-state.ts';
import { DecoderCacheBuffers } from './decoder-cache.ts';

describe('each batch state entry moves by its rule', () => {
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

  /** A fresh state moved by `move`, and where each entry's rows came from. */
  const movedBy = (move: (state: BatchState, from: readonly number[]) => BatchState, from: number[]) => {
    const before = state();
    const after = move(before, from);
    return { before, after, moved: origins(after) };
  };

  it('selectBatch gathers every beam and source-row entry and carries batch entries over', () => {
    const from = [2, 0, 0];
    const { before, after, moved } = movedBy(selectBatch, from);
    for (const [key, rule] of Object.entries(BATCH_STATE_ROWS)) {
      if (rule === 'batch') expect(after[key as keyof BatchState], key).toBe(before[key as keyof BatchState]);
      else for (const rows of moved[key]!) expect(rows, key).toEqual(from);
    }
  });

  for (const from of [[0, 2], [1, 2], [2], [0, 1]]) {
    it(`selectBatch moves the rows that stay (${JSON.stringify(from)}) up in each tensor's own memory`, () => {
      const { before, after, moved } = movedBy(selectBatch, from);
      for (const [key, rule] of Object.entries(BATCH_STATE_ROWS)) {
        if (rule === 'batch') continue;
        for (const rows of moved[key]!) expect(rows, key).toEqual(from);
        const tensors = (s: BatchState) => [s[key as keyof BatchState]].flat() as ort.Tensor[];
        const memory = tensors(before).map((tensor) => (tensor.data as Float32Array).buffer);
        // No new buffers: gathered, every row leaving left the old ones as garbage (batch-state.ts).
        tensors(after).forEach((tensor, i) =>
          expect((tensor.data as Float32Array).buffer, key).toBe(memory[i]),
        );
      }
    });
  }

  it("releaseBatchState frees every per-row tensor's memory and the decoder cache's buffers", () => {
    const before = state();
    const grown = before.cacheBuffers.append(
      0,
      new ort.Tensor('float32', new Float32Array(0), [3, 1, 0, 2]),
      marked(500, [1, 1, 2]),
    );
    // Rows 0 and 2 stay: the state's tensors are views of the same memory, freed once.
    const after = selectBatch({ ...before, decoderCache: [grown, before.decoderCache[1]!] }, [0, 2]);
    const tensors = [after.encoderHidden, after.encoderMask, ...after.decoderCache, ...after.encoderCache];
    releaseBatchState(after);
    for (const tensor of [...tensors, grown]) {
      expect((tensor.data as Float32Array).buffer.byteLength).toBe(0);
    }
  });

  it('rowsOnlyLeave: rows in their order, none repeated', () => {
    expect([[0, 2], [1], [0, 1, 2], []].map(rowsOnlyLeave)).toEqual([true, true, true, true]);
    expect(
      [
        [2, 0],
        [0, 0],
        [1, 0, 2],
      ].map(rowsOnlyLeave),
    ).toEqual([false, false, false]);
  });

  it('reorderInPlace moves the beam entries only, leaving source-row entries as they are', () => {
    const from = [1, 0, 0];
    const { moved } = movedBy(reorderInPlace, from);
    for (const [key, rule] of Object.entries(BATCH_STATE_ROWS)) {
      if (rule === 'batch') continue;
      for (const rows of moved[key]!) expect(rows, key).toEqual(rule === 'beam' ? from : [0, 1, 2]);
    }
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
