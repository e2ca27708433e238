/**
 * Picks each decoder step's best tokens from its logits: the argmax for greedy decoding, the best
 * `2 × beams` log-probabilities for beam search. Tokens that must never be generated are left out.
 *
 * Three ways, the same picks:
 * - `decoder` (the default): the picker's nodes are part of the decoder's graph (`picker-graph.ts`),
 *   so a step returns its picks and never its logits. The engine appends them to the copy of the
 *   decoder it writes for every dtype (engine-files/); only where that copy cannot be written or
 *   opened (a fallback the load reports: engine-features.ts) does `decoder` run as `runtime`.
 * - `runtime` runs a second, tiny ONNX Runtime session over the logits the step returned (last
 *   position → + a bias of −∞ on the left-out tokens → log-softmax for beams → TopK), so the
 *   vocabulary-wide loops run in the runtime's vectorised kernels instead of JS (for beam search
 *   they were a third of a decode: one `Math.exp` per vocabulary entry per beam).
 * - `js` is the loop in JS (`js-picker.ts`), kept to measure the others side by side and
 *   as the reference the tests hold the runtime to.
 *
 * Ties go to the lower token every way (ONNX's TopK is defined so); log-probabilities differ by
 * float32 rounding (the runtime's log-softmax is float32, JS's normaliser float64).
 */
import ort from 'onnxruntime-node';
import { pickerModel } from '../engine-files/picker-graph.ts';

export type PickerKind = 'decoder' | 'runtime' | 'js';

/** The picks of a step: row r's i-th best token is `tokens[r * count + i]`, best first. */
export interface Picks {
  count: number;
  tokens: Int32Array;
  /** Log-probabilities (over the tokens that may be generated) or, for `argmax`, the logits. */
  values: Float64Array;
  /** Per row, how many of its `count` entries are real (fewer when fewer tokens may be generated). */
  found: Int32Array;
}

/** A decoder step's logits: `[batch, inputLength, vocab]`, row-major. */
export interface StepLogits {
  logits: Float32Array;
  batch: number;
  inputLength: number;
  vocab: number;
}

export interface TokenPicker {
  /** Each batch row's highest logit at its last position. */
  argmax(step: StepLogits): Promise<Picks>;
  /** Each batch row's `count` highest log-probabilities at its last position, best first. */
  topLogProbs(step: StepLogits, count: number): Promise<Picks>;
  release(): Promise<void>;
}

/**
 * Its two sessions are opened on first use: with the default `decoder` kind the decoder picks the
 * tokens itself, and this picker only serves a decoder without the picker's nodes.
 */
export class RuntimePicker implements TokenPicker {
  private readonly bias: ort.Tensor;
  private sessions?: Promise<{ best: ort.InferenceSession; bestLogProbs: ort.InferenceSession }>;

  constructor(suppressed: Uint8Array) {
    const bias = suppressionBias(suppressed);
    this.bias = new ort.Tensor('float32', bias, [bias.length]);
  }

  private open() {
    const options: ort.InferenceSession.SessionOptions = {
      executionProviders: ['cpu'],
      // One thread: a run this small is not worth waking a second one for (side by side, greedy
      // decoding at batch 1 lost up to half its speed on a busy machine with two).
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      // The arena keeps the intermediate [rows, positions, vocab] tensors' memory between steps:
      // without it each step maps and faults in fresh pages for them, which cost 4× the arithmetic
      // (10 against 2.2 ms for the log-softmax of 32 rows of 59,514).
      enableCpuMemArena: true,
      extra: { session: { intra_op: { allow_spinning: '0' } } },
      logSeverityLevel: 3,
    };
    return (this.sessions ??= Promise.all([
      ort.InferenceSession.create(pickerModel(false), options),
      ort.InferenceSession.create(pickerModel(true), options),
    ]).then(([best, bestLogProbs]) => ({ best, bestLogProbs })));
  }

  argmax(step: StepLogits): Promise<Picks> {
    return this.run(false, step, 1);
  }

  topLogProbs(step: StepLogits, count: number): Promise<Picks> {
    return this.run(true, step, count);
  }

  private async run(
    logProbs: boolean,
    { logits, batch: rows, inputLength: positions, vocab }: StepLogits,
    count: number,
  ): Promise<Picks> {
    if (vocab !== this.bias.dims[0]) {
      throw new Error(`The decoder gave ${vocab} logits a position for a vocabulary of ${this.bias.dims[0]}`);
    }
    const k = Math.min(count, vocab);
    const { best, bestLogProbs } = await this.open();
    const result = await (logProbs ? bestLogProbs : best).run({
      logits: new ort.Tensor('float32', logits, [rows, positions, vocab]),
      bias: this.bias,
      k: new ort.Tensor('int64', BigInt64Array.of(BigInt(k)), [1]),
    });
    return picksFromTopK(result.values!.data as Float32Array, result.tokens!.data as BigInt64Array, {
      rows,
      positions,
      k,
      count,
    });
  }

  async release(): Promise<void> {
    // Sessions that failed to open have nothing to release.
    const sessions = await this.sessions?.catch(() => undefined);
    await sessions?.best.release();
    await sessions?.bestLogProbs.release();
  }
}

/** The picker's bias: −∞ for every token never to be generated, 0 for the others. */
export function suppressionBias(suppressed: Uint8Array): Float32Array {
  const bias = new Float32Array(suppressed.length);
  suppressed.forEach((off, token) => {
    if (off === 1) bias[token] = -Infinity;
  });
  return bias;
}

/**
 * The picks of a TopK over `[rows, positions, vocab]` (`values` and `tokens` are `[rows, positions,
 * k]`): each row's last position, as `count` entries a row.
 */
export function picksFromTopK(
  values: Float32Array,
  tokens: BigInt64Array,
  { rows, positions, k, count }: { rows: number; positions: number; k: number; count: number },
): Picks {
  const picks = emptyPicks(rows, count);
  for (let r = 0; r < rows; r++) {
    const at = (r * positions + positions - 1) * k;
    let found = 0;
    // Left-out tokens come last, at −∞, when fewer than k tokens may be generated.
    while (found < k && values[at + found]! !== -Infinity) {
      picks.tokens[r * count + found] = Number(tokens[at + found]!);
      picks.values[r * count + found] = values[at + found]!;
      found++;
    }
    picks.found[r] = found;
  }
  return picks;
}

export function emptyPicks(rows: number, count: number): Picks {
  return {
    count,
    tokens: new Int32Array(rows * count).fill(-1),
    values: new Float64Array(rows * count).fill(-Infinity),
    found: new Int32Array(rows),
  };
}
