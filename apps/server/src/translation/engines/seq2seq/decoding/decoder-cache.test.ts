import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { DecoderCacheBuffers } from './decoder-cache.ts';

// A cache of 2 rows × 1 head, head size 2: [batch, heads, positions, headDim].
const tensor = (values: number[], positions: number) =>
  new ort.Tensor('float32', Float32Array.from(values), [2, 1, positions, 2]);

const values = (t: ort.Tensor) => [...(t.data as Float32Array)];
const bufferOf = (t: ort.Tensor) => (t.data as Float32Array).buffer;

describe('DecoderCacheBuffers', () => {
  it("appends each row's new positions after its past ones, growing in one buffer per tensor", () => {
    const buffers = new DecoderCacheBuffers();
    const empty = tensor([], 0);
    const first = buffers.append(0, empty, tensor([1, 2, 3, 4], 1));
    expect(values(first)).toEqual([1, 2, 3, 4]);
    const second = buffers.append(0, first, tensor([5, 6, 7, 8], 1));
    expect(second.dims).toEqual([2, 1, 2, 2]);
    expect(values(second)).toEqual([1, 2, 5, 6, 3, 4, 7, 8]);
    // The first buffer had room for 1.5 positions: a new one, half as large again as needed.
    expect(bufferOf(second)).not.toBe(bufferOf(first));
    expect(bufferOf(second).byteLength).toBe(12 * 4);
    // The third step fits where the second is: row 2 moves up in place, row 1 stays.
    const third = buffers.append(0, second, tensor([9, 10, 11, 12], 1));
    expect(values(third)).toEqual([1, 2, 5, 6, 9, 10, 3, 4, 7, 8, 11, 12]);
    expect(bufferOf(third)).toBe(bufferOf(second));
    // Each cache tensor has a buffer of its own.
    const other = buffers.append(1, empty, tensor([0, 0, 0, 0], 1));
    expect(bufferOf(other)).not.toBe(bufferOf(third));
  });

  it('grows in place over many steps and rows, as a fresh copy would', () => {
    const buffers = new DecoderCacheBuffers();
    const rows = 5;
    const cache = (t: number) => new ort.Tensor('float32', new Float32Array(0), [rows, 3, t, 4]);
    let grown: ort.Tensor = cache(0);
    const expected: number[][] = Array.from({ length: rows * 3 }, () => []);
    const seen = new Set<ArrayBufferLike>();
    for (let step = 0; step < 40; step++) {
      const added = Float32Array.from({ length: rows * 3 * 4 }, (_, i) => step * 1000 + i);
      grown = buffers.append(0, grown, new ort.Tensor('float32', added, [rows, 3, 1, 4]));
      for (let block = 0; block < rows * 3; block++)
        expected[block]!.push(...added.subarray(block * 4, block * 4 + 4));
      seen.add(bufferOf(grown));
    }
    expect(grown.dims).toEqual([rows, 3, 40, 4]);
    expect(values(grown)).toEqual(expected.flat());
    // A new buffer only when the cache outgrew the last one: 40 positions in a handful.
    expect(seen.size).toBeLessThanOrEqual(10);
  });

  it('makes room for the reserved positions at once, so that the cache does not move until it outgrows them', () => {
    const buffers = new DecoderCacheBuffers(6);
    let grown: ort.Tensor = tensor([], 0);
    const seen = new Set<ArrayBufferLike>();
    for (let step = 0; step < 8; step++) {
      grown = buffers.append(0, grown, tensor([step, step, step, step], 1));
      seen.add(bufferOf(grown));
      // 2 rows × 1 head × 6 positions × 2: the reserve, made at the first step.
      if (step === 0) expect(bufferOf(grown).byteLength).toBe(24 * 4);
    }
    // Six positions in the first buffer, then one half as large again as the seventh's cache.
    expect(seen.size).toBe(2);
    expect(values(grown).slice(0, 16)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]);
  });

  it('copies in a past of its own (rows gathered when the batch changed), reusing its buffer', () => {
    const buffers = new DecoderCacheBuffers();
    const first = buffers.append(0, tensor([], 0), tensor([1, 2, 3, 4], 1));
    const second = buffers.append(0, first, tensor([5, 6, 7, 8], 1));
    // The batch's rows swapped into new memory (as selectBatch gathers them).
    const gathered = tensor([3, 4, 7, 8, 1, 2, 5, 6], 2);
    const third = buffers.append(0, gathered, tensor([9, 10, 11, 12], 1));
    expect(values(third)).toEqual([3, 4, 7, 8, 9, 10, 1, 2, 5, 6, 11, 12]);
    expect(bufferOf(third)).toBe(bufferOf(second));
  });

  it('grows in place a past whose rows left and were moved up in its own buffer (selectBatch)', () => {
    const buffers = new DecoderCacheBuffers(4);
    const first = buffers.append(0, tensor([], 0), tensor([1, 2, 3, 4], 1));
    const second = buffers.append(0, first, tensor([5, 6, 7, 8], 1));
    // Row 0 left: row 1 moved up over it, a view of the same buffer.
    const data = second.data as Float32Array;
    data.copyWithin(0, 4, 8);
    const kept = new ort.Tensor('float32', data.subarray(0, 4), [1, 1, 2, 2]);
    const third = buffers.append(0, kept, new ort.Tensor('float32', Float32Array.of(9, 10), [1, 1, 1, 2]));
    expect(values(third)).toEqual([3, 4, 7, 8, 9, 10]);
    expect(bufferOf(third)).toBe(bufferOf(second));
  });
});
