/**
 * The decoder's self-attention cache grown in JS memory, from only each step's new keys and values.
 *
 * A merged decoder returns its whole key/value cache every step (`present.*.decoder.*`, the past
 * plus this step's positions), and onnxruntime-node copies every output into fresh JS buffers. At
 * NLLB-600M's batch 32 and 27 positions that is 24 tensors, ~85 MB a step, which cost more than the
 * step's arithmetic (one step from the same state: ~160 ms fetching the cache against ~65 ms
 * fetching only the picks; the copies and the garbage collections they set off).
 *
 * So the engine's copy of the decoder gets one `Slice` per cache output
 * (engine-files/new-keys-values-tail.ts): the last `inputLength` positions of each,
 * the step's own keys and values, `[batch, heads, inputLength, headDim]`. `DecoderCacheBuffers`
 * writes past and new into buffers kept for the job, two per cache tensor taken in turn (a step reads
 * one while the next cache is written into the other), grown when the cache outgrows them.
 */
import ort from 'onnxruntime-node';
import { SLICE_IO } from '../engine-files/new-keys-values-tail.ts';

const int64 = (n: bigint) => new ort.Tensor('int64', BigInt64Array.of(n), [1]);
/** The same every step: to the end of the position axis. */
const SLICE_END = int64(2n ** 62n);
const SLICE_AXIS = int64(2n);

/** The feeds of the tail's `Slice`s for a step over `inputLength` positions. */
export function sliceFeeds(inputLength: number): Record<string, ort.Tensor> {
  return {
    [SLICE_IO.start]: int64(BigInt(-inputLength)),
    [SLICE_IO.end]: SLICE_END,
    [SLICE_IO.axis]: SLICE_AXIS,
  };
}

export class DecoderCacheBuffers {
  /** Per cache tensor, its two buffers. */
  private readonly pairs: [Float32Array, Float32Array][] = [];

  /**
   * Cache tensor `index` one step on: `past` (`[batch, heads, positions, headDim]`) with `added`
   * (`[batch, heads, n, headDim]`) after each row's positions, written into whichever of its buffers
   * `past` is not in.
   */
  append(index: number, past: ort.Tensor, added: ort.Tensor): ort.Tensor {
    const [batch = 0, heads = 0, positions = 0, headDim = 0] = past.dims;
    const n = added.dims[2]!;
    const oldBlock = positions * headDim;
    const newBlock = n * headDim;
    const blocks = batch * heads;
    const target = this.buffer(index, blocks * (oldBlock + newBlock), past.data as Float32Array);
    const from = past.data as Float32Array;
    const fresh = added.data as Float32Array;
    for (let b = 0; b < blocks; b++) {
      const at = b * (oldBlock + newBlock);
      if (oldBlock > 0) target.set(from.subarray(b * oldBlock, (b + 1) * oldBlock), at);
      target.set(fresh.subarray(b * newBlock, (b + 1) * newBlock), at + oldBlock);
    }
    return new ort.Tensor('float32', target, [batch, heads, positions + n, headDim]);
  }

  private buffer(index: number, length: number, avoid: Float32Array): Float32Array {
    const pair = (this.pairs[index] ??= [new Float32Array(0), new Float32Array(0)]);
    const slot = pair[0].buffer === avoid.buffer ? 1 : 0;
    // Half as much again: the cache grows by a position a step, and each growth is a new buffer.
    if (pair[slot].length < length) pair[slot] = new Float32Array(Math.ceil(length * 1.5));
    return pair[slot].subarray(0, length);
  }
}
