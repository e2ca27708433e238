/**
 * Our own greedy decoding loop over the encoder and the merged decoder of an NLLB export (the
 * Optimum / transformers.js layout), run with onnxruntime-node directly.
 *
 * Why not transformers.js `generate`: in a batch it keeps every row running until the last one
 * finishes and hands back the tokens generated after a row's `</s>` as if they were text. Here
 * each row stops at its own `</s>`, its own length cap or a repetition loop, and finished rows
 * leave the batch, so the remaining rows run faster. Outputs equal transformers.js's one-by-one
 * greedy outputs token for token (a test checks it on the tiny model).
 */
import ort from 'onnxruntime-node';
import { abortError } from '../../errors.ts';
import { loopCut } from './repetition-guard.ts';

type Tensor = ort.Tensor;

export interface DecoderLayout {
  /** Decoder layers (each has decoder and encoder key/value caches). */
  layers: number;
  heads: number;
  headDim: number;
}

export interface SpecialTokens {
  pad: number;
  eos: number;
  /** NLLB starts decoding from `</s>`, then the target language token. */
  decoderStart: number;
  /** 1 for every token that must never be generated (padding, language tokens, …). */
  suppressed: Uint8Array;
}

export interface DecodeJob {
  /** Source rows, each already `[source language, …tokens, </s>]`. */
  rows: readonly (readonly number[])[];
  targetToken: number;
  /** Per row: the most tokens it may generate. */
  maxNewTokens: readonly number[];
  /** Per row: whether to stop the row when a repetition loop forms. */
  guardLoops: readonly boolean[];
  /** Checked between steps; aborts the whole job. */
  signal?: AbortSignal;
}

export interface DecodeStats {
  steps: number;
  generatedTokens: number;
}

export class GreedyDecoder {
  private readonly allOutputs: string[];
  private readonly stepOutputs: string[];

  constructor(
    private readonly encoder: ort.InferenceSession,
    private readonly decoder: ort.InferenceSession,
    private readonly layout: DecoderLayout,
    private readonly special: SpecialTokens,
  ) {
    this.allOutputs = [...decoder.outputNames];
    this.stepOutputs = this.allOutputs.filter((name) => !name.includes('.encoder.'));
  }

  /** Returns, per row, the generated tokens without the start, language and end tokens. */
  async decode(job: DecodeJob, stats?: DecodeStats): Promise<number[][]> {
    const { rows } = job;
    const outputs: number[][] = rows.map(() => []);
    if (rows.length === 0) return outputs;
    const batch = rows.length;
    const sourceLength = Math.max(...rows.map((row) => row.length));
    const ids = new BigInt64Array(batch * sourceLength).fill(BigInt(this.special.pad));
    const mask = new BigInt64Array(batch * sourceLength);
    rows.forEach((row, r) => {
      row.forEach((token, i) => {
        ids[r * sourceLength + i] = BigInt(token);
        mask[r * sourceLength + i] = 1n;
      });
    });
    const encoderMask = new ort.Tensor('int64', mask, [batch, sourceLength]);
    const encoded = await this.encoder.run({
      input_ids: new ort.Tensor('int64', ids, [batch, sourceLength]),
      attention_mask: encoderMask,
    });
    this.throwIfAborted(job.signal);

    let state: BatchState = {
      active: rows.map((_, r) => r),
      encoderHidden: output(encoded, 'last_hidden_state'),
      encoderMask,
      decoderCache: this.emptyCache(batch),
      encoderCache: this.emptyCache(batch),
    };
    // First step: feed `</s> <target>` at once (the language token is forced, not predicted).
    let inputIds = new BigInt64Array(batch * 2);
    for (let r = 0; r < batch; r++) {
      inputIds[r * 2] = BigInt(this.special.decoderStart);
      inputIds[r * 2 + 1] = BigInt(job.targetToken);
    }
    let inputLength = 2;
    let firstStep = true;

    while (state.active.length > 0) {
      const active = state.active.length;
      const feeds: Record<string, Tensor> = {
        input_ids: new ort.Tensor('int64', inputIds, [active, inputLength]),
        encoder_attention_mask: state.encoderMask,
        encoder_hidden_states: state.encoderHidden,
        use_cache_branch: new ort.Tensor('bool', [!firstStep], [1]),
      };
      for (let layer = 0; layer < this.layout.layers; layer++) {
        feeds[`past_key_values.${layer}.decoder.key`] = state.decoderCache[layer * 2]!;
        feeds[`past_key_values.${layer}.decoder.value`] = state.decoderCache[layer * 2 + 1]!;
        feeds[`past_key_values.${layer}.encoder.key`] = state.encoderCache[layer * 2]!;
        feeds[`past_key_values.${layer}.encoder.value`] = state.encoderCache[layer * 2 + 1]!;
      }
      // After the first step only the logits and the decoder's own cache are needed; not fetching
      // the encoder's (constant) keys and values saves copying them out on every step.
      const result = await this.decoder.run(feeds, firstStep ? this.allOutputs : this.stepOutputs);
      this.throwIfAborted(job.signal);
      if (stats) stats.steps++;

      const logits = output(result, 'logits');
      const vocab = logits.dims[2]!;
      const data = logits.data as Float32Array;
      const keep: number[] = [];
      const next: number[] = [];
      state.active.forEach((row, i) => {
        const offset = (i * inputLength + inputLength - 1) * vocab;
        const token = argmax(data, offset, vocab, this.special.suppressed);
        const generated = outputs[row]!;
        if (token === this.special.eos) return;
        generated.push(token);
        if (stats) stats.generatedTokens++;
        if (job.guardLoops[row]) {
          const cut = loopCut(generated);
          if (cut !== undefined) {
            generated.length = cut;
            return;
          }
        }
        if (generated.length >= job.maxNewTokens[row]!) return;
        keep.push(i);
        next.push(token);
      });

      const decoderCache: Tensor[] = [];
      const encoderCache: Tensor[] = [];
      for (let layer = 0; layer < this.layout.layers; layer++) {
        decoderCache.push(
          output(result, `present.${layer}.decoder.key`),
          output(result, `present.${layer}.decoder.value`),
        );
        // The encoder's keys and values are computed on the first step only; later outputs of
        // the merged decoder are placeholders (as in Optimum and transformers.js).
        if (firstStep) {
          encoderCache.push(
            output(result, `present.${layer}.encoder.key`),
            output(result, `present.${layer}.encoder.value`),
          );
        }
      }
      state = {
        ...state,
        decoderCache,
        encoderCache: firstStep ? encoderCache : state.encoderCache,
      };
      if (keep.length < active) state = compact(state, keep);
      inputIds = BigInt64Array.from(next, (token) => BigInt(token));
      inputLength = 1;
      firstStep = false;
    }
    return outputs;
  }

  private emptyCache(batch: number): Tensor[] {
    const { layers, heads, headDim } = this.layout;
    return Array.from(
      { length: layers * 2 },
      () => new ort.Tensor('float32', new Float32Array(0), [batch, heads, 0, headDim]),
    );
  }

  private throwIfAborted(signal: AbortSignal | undefined): void {
    if (signal?.aborted) throw abortError(signal);
  }
}

interface BatchState {
  /** Original row index of each row still in the batch. */
  active: number[];
  encoderHidden: Tensor;
  encoderMask: Tensor;
  decoderCache: Tensor[];
  encoderCache: Tensor[];
}

function output(result: ort.InferenceSession.OnnxValueMapType, name: string): Tensor {
  const value = result[name];
  if (!value) throw new Error(`The model gave no '${name}' output`);
  return value as Tensor;
}

function argmax(data: Float32Array, offset: number, length: number, suppressed: Uint8Array): number {
  let best = -1;
  let bestScore = -Infinity;
  for (let i = 0; i < length; i++) {
    const score = data[offset + i]!;
    if (score > bestScore && suppressed[i] !== 1) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

/** Keeps only the rows at `keep` (positions in the current batch) in every batch-first tensor. */
function compact(state: BatchState, keep: readonly number[]): BatchState {
  return {
    active: keep.map((i) => state.active[i]!),
    encoderHidden: selectRows(state.encoderHidden, keep),
    encoderMask: selectRows(state.encoderMask, keep),
    decoderCache: state.decoderCache.map((tensor) => selectRows(tensor, keep)),
    encoderCache: state.encoderCache.map((tensor) => selectRows(tensor, keep)),
  };
}

function selectRows(tensor: Tensor, keep: readonly number[]): Tensor {
  const [batch = 1, ...rest] = tensor.dims;
  const dims = [keep.length, ...rest];
  if (tensor.type === 'int64') {
    const data = tensor.data as BigInt64Array;
    return new ort.Tensor(
      'int64',
      gather(data, batch, keep, new BigInt64Array((data.length / batch) * keep.length)),
      dims,
    );
  }
  const data = tensor.data as Float32Array;
  return new ort.Tensor(
    'float32',
    gather(data, batch, keep, new Float32Array((data.length / batch) * keep.length)),
    dims,
  );
}

function gather<T extends Float32Array | BigInt64Array>(
  data: T,
  batch: number,
  keep: readonly number[],
  into: T,
): T {
  const rowSize = data.length / batch;
  keep.forEach((row, i) => {
    (into as Float32Array).set(
      (data as Float32Array).subarray(row * rowSize, (row + 1) * rowSize),
      i * rowSize,
    );
  });
  return into;
}
