/**
 * The bytes appended to the engine's copy of a merged decoder (the way picker-graph.ts appends the
 * picker) that give it one `Slice` per self-attention cache output: the last `inputLength`
 * positions of each, the step's own keys and values, `[batch, heads, inputLength, headDim]`, so a
 * step returns only those and the cache grows in JS memory (decoding/decoder-cache.ts says why).
 */
import { presentNames } from '../model/export-layout.ts';
import { FLOAT, INT64, message, node, value, type Field } from './onnx-writer.ts';

/** Inputs the tail adds: int64 [1] each, the `Slice`'s start (−inputLength), end and axis (2). */
export const SLICE_IO = { start: 'sema_new_start', end: 'sema_new_end', axis: 'sema_new_axis' } as const;

/** The tail's output holding the step's own part of the cache output `present`. */
export function newPartOf(present: string): string {
  return `sema_new.${present}`;
}

/** Bytes that, appended to a merged decoder's file, add `newPartOf(name)` for every decoder cache output. */
export function newKeysValuesTail(layers: number): Uint8Array {
  const presents = presentNames(layers, 'decoder');
  const graph = message([
    ...presents.map((present): Field => [
      1,
      node('Slice', [present, SLICE_IO.start, SLICE_IO.end, SLICE_IO.axis], [newPartOf(present)]),
    ]),
    ...Object.values(SLICE_IO).map((input): Field => [11, value(input, INT64)]),
    ...presents.map((present): Field => [12, value(newPartOf(present), FLOAT)]),
  ]);
  return message([[7, graph]]);
}
