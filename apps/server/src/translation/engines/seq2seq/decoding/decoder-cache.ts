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
 * grows each cache tensor in one buffer kept for the job, in place: once a step has run, its past
 * is read by nothing, so each row's block moves up to make room for its new positions (last block
 * first) and the new positions go in behind it. It is made with room for the positions answers are
 * expected to reach, and replaced by one half as large again when the cache outgrows it. (Two
 * buffers taken in turn, as before, held up to three times the cache: 1.2 GB more at NLLB-600M's
 * 4 beams × 32 rows.)
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
  /** Per cache tensor, the buffer it grows in (room for more positions than it holds). */
  private readonly buffers: Float32Array[] = [];

  /**
   * `reservePositions`: room made at once for this many positions, the length a job's answers are
   * expected to reach. Growing a buffer holds the old and the new one at once (2.5 times the cache,
   * at the end of a long answer: 1.3 GB at NLLB-600M's 4 beams × 32 rows); a buffer made once
   * large enough holds only what is written into it.
   */
  constructor(private readonly reservePositions = 0) {}

  /** The buffers the cache grows in, for `releaseBatchState` once the job is done. */
  held(): readonly Float32Array[] {
    return this.buffers;
  }

  /**
   * Cache tensor `index` one step on: `past` (`[batch, heads, positions, headDim]`) with `added`
   * (`[batch, heads, n, headDim]`) after each row's positions. `past` is either this tensor's
   * buffer (the last step's result, possibly reordered in place) or memory of its own (the empty
   * cache, or rows gathered when the batch changed), copied in.
   */
  append(index: number, past: ort.Tensor, added: ort.Tensor): ort.Tensor {
    const [batch = 0, heads = 0, positions = 0, headDim = 0] = past.dims;
    const n = added.dims[2]!;
    const oldBlock = positions * headDim;
    const newBlock = n * headDim;
    const blocks = batch * heads;
    const length = blocks * (oldBlock + newBlock);
    const from = past.data as Float32Array;
    const fresh = added.data as Float32Array;
    let buffer = this.buffers[index];
    if (
      buffer &&
      from.buffer === buffer.buffer &&
      from.byteOffset === buffer.byteOffset &&
      buffer.length >= length
    ) {
      // Block b moves to a higher offset, over memory of blocks after it only, which have moved.
      for (let b = blocks - 1; b > 0 && oldBlock > 0; b--) {
        buffer.copyWithin(b * (oldBlock + newBlock), b * oldBlock, (b + 1) * oldBlock);
      }
    } else {
      if (buffer === undefined || buffer.length < length) {
        // Half as much again beyond the reserve: the cache grows by a position a step.
        const reserved = blocks * this.reservePositions * headDim;
        buffer = this.buffers[index] = new Float32Array(Math.max(reserved, Math.ceil(length * 1.5)));
      }
      for (let b = 0; b < blocks && oldBlock > 0; b++) {
        buffer.set(from.subarray(b * oldBlock, (b + 1) * oldBlock), b * (oldBlock + newBlock));
      }
    }
    for (let b = 0; b < blocks; b++) {
      buffer.set(fresh.subarray(b * newBlock, (b + 1) * newBlock), b * (oldBlock + newBlock) + oldBlock);
    }
    return new ort.Tensor('float32', buffer.subarray(0, length), [batch, heads, positions + n, headDim]);
  }
}
