import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { DecoderCacheBuffers } from './decoder-cache.ts';

// A cache of 2 rows × 1 head, head size 2: [batch, heads, positions, headDim].
const tensor = (values: number[], positions: number) =>
  new ort.Tensor('float32', Float32Array.from(values), [2, 1, positions, 2]);

describe('DecoderCacheBuffers', () => {
  it("appends each row's new positions after its past ones, alternating between two buffers", () => {
    const buffers = new DecoderCacheBuffers();
    const empty = tensor([], 0);
    const first = buffers.append(0, empty, tensor([1, 2, 3, 4], 1));
    expect([...(first.data as Float32Array)]).toEqual([1, 2, 3, 4]);
    const second = buffers.append(0, first, tensor([5, 6, 7, 8], 1));
    expect(second.dims).toEqual([2, 1, 2, 2]);
    expect([...(second.data as Float32Array)]).toEqual([1, 2, 5, 6, 3, 4, 7, 8]);
    expect((second.data as Float32Array).buffer).not.toBe((first.data as Float32Array).buffer);
    // The third step writes where the first was (it is no longer read), growing it.
    const third = buffers.append(0, second, tensor([9, 10, 11, 12], 1));
    expect([...(third.data as Float32Array)]).toEqual([1, 2, 5, 6, 9, 10, 3, 4, 7, 8, 11, 12]);
    expect((third.data as Float32Array).buffer).not.toBe((second.data as Float32Array).buffer);
    // Each cache tensor has buffers of its own.
    const other = buffers.append(1, empty, tensor([0, 0, 0, 0], 1));
    expect((other.data as Float32Array).buffer).not.toBe((third.data as Float32Array).buffer);
  });
});
