/**
 * The batch as the decoder loop carries it from step to step, and how it moves when the batch's rows
 * change (rows leave, beams are reordered): every entry declares its rule, and the two moves read
 * the rules rather than knowing the entries.
 */
import ort from 'onnxruntime-node';
import type { DecoderCacheBuffers } from './decoder-cache.ts';
import { freeNow } from './free-buffers.ts';

export type Tensor = ort.Tensor;

/**
 * The batch as the decoder sees it; every tensor is batch-first, one entry per batch row. Each
 * entry declares in `BATCH_STATE_ROWS` how it moves when the batch changes.
 */
export interface BatchState {
  encoderHidden: Tensor;
  encoderMask: Tensor;
  decoderCache: Tensor[];
  encoderCache: Tensor[];
  /** False until the first decoder step has filled the caches. */
  started: boolean;
  /** Where the decoder cache grows when the decoder returns only each step's new keys and values. */
  cacheBuffers: DecoderCacheBuffers;
}

/**
 * How a `BatchState` entry moves when the batch changes:
 * - `beam`: one entry per beam, differing between a row's beams: gathered when the batch's rows
 *   change (`selectBatch`) and reordered when beam search reorders the beams (`reorderInPlace`);
 * - `source-row`: one entry per batch row but the same for every beam of a source row: gathered
 *   when the batch's rows change, left alone when beams are reordered among their own row;
 * - `batch`: not per row (a flag, buffers kept for the job): carried over as it is.
 * Per-row rules of the job (its `maxNewTokens`, `guardLoops`) are not in the state: the decoders
 * read them by source row through their own map of batch rows to source rows.
 */
export type RowRule = 'beam' | 'source-row' | 'batch';

/**
 * Every entry of `BatchState` and its rule; `satisfies` makes a new entry without a rule a type
 * error, decoder-runner.test.ts checks a real state against this list and batch-state.test.ts each
 * rule's moves.
 */
export const BATCH_STATE_ROWS = {
  encoderHidden: 'source-row',
  encoderMask: 'source-row',
  decoderCache: 'beam',
  encoderCache: 'source-row',
  started: 'batch',
  cacheBuffers: 'batch',
} as const satisfies Record<keyof BatchState, RowRule>;

/** The batch state's entries with a given rule. */
function entriesWith(rule: RowRule): (keyof BatchState)[] {
  return (Object.keys(BATCH_STATE_ROWS) as (keyof BatchState)[]).filter(
    (key) => BATCH_STATE_ROWS[key] === rule,
  );
}
const GATHERED = [...entriesWith('beam'), ...entriesWith('source-row')];
const REORDERED = entriesWith('beam');

/** The batch-first tensors of a per-row entry (one tensor or a list of them). */
function tensorsOf(value: BatchState[keyof BatchState]): Tensor[] {
  return Array.isArray(value) ? value : [value as Tensor];
}

/**
 * The state whose batch row i is the old row `from[i]`: rows may be dropped, repeated or reordered.
 * Every per-row entry (`beam` and `source-row` in `BATCH_STATE_ROWS`) moves: when rows only leave
 * (`from` increasing, as greedy decoding's finished rows do), each tensor's kept rows move up in
 * its own memory (`compactRows`); otherwise they are gathered into new memory and the old memory is
 * freed (`freeNow`), but for the decoder cache's buffers, which the next step writes into. Either
 * way the old state is used up: its tensors must be a step's own output, held by nothing else (as
 * for `reorderInPlace`).
 *
 * Why: gathered and left to V8, every row leaving copied the batch's encoder keys and values (~4 MB
 * a source row of ~40 tokens for a 12-layer, 1,024-wide model) and its decoder cache into new
 * buffers, the old ones garbage until V8's next full collection (free-buffers.ts): ~150 MB of
 * ArrayBuffers at M2M-100 418M's peak at batch 8.
 */
export function selectBatch(state: BatchState, from: readonly number[]): BatchState {
  const next: Record<string, unknown> = { ...state };
  const inPlace = rowsOnlyLeave(from);
  for (const key of GATHERED) {
    const value = state[key];
    const gathered = tensorsOf(value).map((tensor) => (inPlace ? compactRows : selectRows)(tensor, from));
    next[key] = Array.isArray(value) ? gathered : gathered[0];
  }
  if (!inPlace) {
    const kept = new Set(state.cacheBuffers.held().map((array) => array.buffer));
    freeNow(buffersOf(state).filter((buffer) => !kept.has(buffer)));
  }
  return next as unknown as BatchState;
}

/**
 * Frees a finished job's memory now (free-buffers.ts): its per-row tensors' buffers and the decoder
 * cache's, held by nothing else (a step's outputs and the job's own buffers).
 */
export function releaseBatchState(state: BatchState): void {
  freeNow([...buffersOf(state), ...state.cacheBuffers.held().map((array) => array.buffer)]);
}

/** The memory of the state's per-row tensors. */
function buffersOf(state: BatchState): ArrayBufferLike[] {
  return GATHERED.flatMap((key) =>
    tensorsOf(state[key]).map((tensor) => (tensor.data as Float32Array).buffer),
  );
}

/**
 * The same state with the `beam` entries' batch rows (the decoder cache) reordered in place: row i
 * becomes the old row `from[i]`, the batch keeping its size, each beam staying among its own source
 * row's (so `source-row` entries stay as they are). Only rows that change are written (and, first,
 * the old rows they read that are themselves overwritten are saved), where `selectBatch` gathers
 * rows into new memory unless they only leave: beam search reorders its beams this way on almost
 * every step. The tensors must be a step's own output, held by nothing else.
 */
export function reorderInPlace(state: BatchState, from: readonly number[]): BatchState {
  const overwritten = from.map((origin, i) => origin !== i);
  const readFirst = [...new Set(from.filter((origin, i) => origin !== i && overwritten[origin]))];
  for (const tensor of REORDERED.flatMap((key) => tensorsOf(state[key]))) {
    const data = tensor.data as Float32Array;
    const rowSize = data.length / from.length;
    const row = (r: number) => data.subarray(r * rowSize, (r + 1) * rowSize);
    const saved = new Map(readFirst.map((origin) => [origin, row(origin).slice()]));
    from.forEach((origin, i) => {
      if (origin !== i) data.set(saved.get(origin) ?? row(origin), i * rowSize);
    });
  }
  return state;
}

/** Whether `from` keeps rows in their order without repeating any: each row stays or leaves. */
export function rowsOnlyLeave(from: readonly number[]): boolean {
  return from.every((origin, i) => i === 0 || origin > from[i - 1]!);
}

/**
 * Row i of the result is row `from[i]` of the tensor (`from` increasing: `rowsOnlyLeave`), in the
 * tensor's own memory: each kept row moves up over a row that left or has moved (from[i] ≥ i, and
 * rows after i read only rows after from[i]), and the result is a view of the first rows.
 */
function compactRows(tensor: Tensor, from: readonly number[]): Tensor {
  const [batch = 1, ...rest] = tensor.dims;
  const data = tensor.data as Float32Array | BigInt64Array;
  const rowSize = data.length / batch;
  from.forEach((origin, i) => {
    if (origin !== i) data.copyWithin(i * rowSize, origin * rowSize, (origin + 1) * rowSize);
  });
  const kept = data.subarray(0, from.length * rowSize);
  const dims = [from.length, ...rest];
  return kept instanceof BigInt64Array
    ? new ort.Tensor('int64', kept, dims)
    : new ort.Tensor('float32', kept, dims);
}

/** Gathers along the first (batch) axis: row i of the result is row `from[i]` of the tensor. */
function selectRows(tensor: Tensor, from: readonly number[]): Tensor {
  const [batch = 1, ...rest] = tensor.dims;
  const dims = [from.length, ...rest];
  if (tensor.type === 'int64') {
    const data = tensor.data as BigInt64Array;
    return new ort.Tensor(
      'int64',
      gather(data, batch, from, new BigInt64Array((data.length / batch) * from.length)),
      dims,
    );
  }
  const data = tensor.data as Float32Array;
  return new ort.Tensor(
    'float32',
    gather(data, batch, from, new Float32Array((data.length / batch) * from.length)),
    dims,
  );
}

function gather<T extends Float32Array | BigInt64Array>(
  data: T,
  batch: number,
  from: readonly number[],
  into: T,
): T {
  const rowSize = data.length / batch;
  from.forEach((row, i) => {
    (into as Float32Array).set(
      (data as Float32Array).subarray(row * rowSize, (row + 1) * rowSize),
      i * rowSize,
    );
  });
  return into;
}
