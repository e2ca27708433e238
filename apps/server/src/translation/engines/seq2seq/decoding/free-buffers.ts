/**
 * Frees ArrayBuffers' memory now rather than at V8's next full collection.
 *
 * A decoding job's buffers (the encoder's keys and values, the decoder cache: at batch 8 of ~40
 * source tokens, ~37 MB each for a 12-layer, 1,024-wide model) live as long as the job, so they end
 * up in V8's old generation, and V8 frees an old ArrayBuffer's memory only at a full collection,
 * often after the next job has taken as much again. The model process's allocator settings keep
 * what is freed in the heap (model-process-supervisor.ts), so that garbage became resident memory
 * for good: M2M-100 418M's heap grew ~50 MB more over a few batches of 8 (its peak 1.33× its
 * weight files).
 *
 * Node 20 has no `ArrayBuffer.prototype.transfer`; a structured clone that transfers a buffer
 * detaches it and moves its memory (no copy) to the clone, which nobody keeps: young garbage,
 * freed at the next minor collection, within a few decoder steps.
 */
export function freeNow(buffers: Iterable<ArrayBufferLike>): void {
  for (const buffer of new Set(buffers)) {
    // A detached (or empty) buffer has nothing to free; a SharedArrayBuffer cannot be transferred.
    if (buffer instanceof ArrayBuffer && buffer.byteLength > 0)
      structuredClone(buffer, { transfer: [buffer] });
  }
}
