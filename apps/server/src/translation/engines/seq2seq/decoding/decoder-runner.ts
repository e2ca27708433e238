/**
 * What the greedy and the beam decoder share: running the encoder and one step of the merged
 * decoder of a seq2seq export (its names: model/export-layout.ts) with onnxruntime-node. How the
 * batch's tensors move when its rows change is `batch-state.ts`'s. What differs between families is
 * only which tokens start the decoder (`SpecialTokens.decoderStart` and the job's `forcedPrefix`).
 */
import ort from 'onnxruntime-node';
import { DecoderCacheBuffers, sliceFeeds } from './decoder-cache.ts';
import type { BatchState, Tensor } from './batch-state.ts';
import { throwIfAborted, type DecodeJob, type SpecialTokens } from './decoder.ts';
import { newPartOf } from '../engine-files/new-keys-values-tail.ts';
import { PICKER_IO } from '../engine-files/picker-graph.ts';
import {
  CACHE_TYPE,
  DECODER_IO,
  ENCODER_IO,
  pastName,
  presentName,
  presentOwner,
  type DecoderLayout,
} from '../model/export-layout.ts';
import {
  picksFromTopK,
  suppressionBias,
  type Picks,
  type StepLogits,
  type TokenPicker,
} from './token-picker.ts';

/** The encoded batch and the decoder's first input (`[batch, inputLength]`). */
export interface DecodeStart {
  state: BatchState;
  inputIds: BigInt64Array;
  inputLength: number;
}

/** What a step picks for each row: its best token by logit (greedy), or its `count` best by log-probability (beams). */
export type PickRequest = { count: 1; logProbs: false } | { count: number; logProbs: true };
export const ARGMAX: PickRequest = { count: 1, logProbs: false };

export interface StepResult {
  /** Each row's picks at its last position. */
  picks: Picks;
  /** The state for the next step: the same batch rows, caches one position longer. */
  state: BatchState;
}

export class DecoderRunner {
  private readonly decoderCacheOutputs: string[];
  /** What a step fetches of the decoder's own cache: its new part, or the whole of it. */
  private readonly decoderCacheFetches: string[];
  private readonly encoderCacheOutputs: string[];
  /** Whether the decoder's graph picks the tokens itself (`picker-graph.ts`'s tail). */
  readonly picksInGraph: boolean;
  /** Whether the decoder's graph returns each step's new keys and values (`decoder-cache.ts`). */
  readonly newKeysValuesInGraph: boolean;
  private readonly bias: Tensor;

  constructor(
    private readonly encoder: ort.InferenceSession,
    private readonly decoder: ort.InferenceSession,
    readonly layout: DecoderLayout,
    readonly special: SpecialTokens,
    /** Picks each step's best tokens, leaving out `special.suppressed`. */
    readonly picker: TokenPicker,
  ) {
    this.decoderCacheOutputs = decoder.outputNames.filter((name) => presentOwner(name) === 'decoder');
    this.encoderCacheOutputs = decoder.outputNames.filter((name) => presentOwner(name) === 'encoder');
    this.picksInGraph = decoder.outputNames.includes(PICKER_IO.tokens);
    this.newKeysValuesInGraph = this.decoderCacheOutputs.every((name) =>
      decoder.outputNames.includes(newPartOf(name)),
    );
    this.decoderCacheFetches = this.newKeysValuesInGraph
      ? this.decoderCacheOutputs.map(newPartOf)
      : this.decoderCacheOutputs;
    const bias = suppressionBias(special.suppressed);
    this.bias = new ort.Tensor('float32', bias, [bias.length]);
  }

  /**
   * Runs the encoder over the rows and returns the empty-cache state, whose hidden states are padded
   * to the longest row (the mask hides the padding from the decoder). Rows of very different
   * lengths are encoded in groups of similar length (`lengthGroups`), so the encoder does not work
   * on padding: each row's output is what it would be alone (for quantized models, up to the
   * activations' quantization range, which depends on the whole batch either way). The decoder
   * cache's buffers are made with room for `reservePositions` (decoder-cache.ts).
   */
  async encode(rows: readonly (readonly number[])[], reservePositions = 0): Promise<BatchState> {
    const batch = rows.length;
    const sourceLength = Math.max(...rows.map((row) => row.length));
    const encoderMask = new ort.Tensor('int64', this.sourceTensors(rows, sourceLength).mask, [
      batch,
      sourceLength,
    ]);
    const groups = lengthGroups(rows.map((row) => row.length));
    let encoderHidden: Tensor;
    if (groups.length === 1) {
      encoderHidden = await this.encodeRows(rows);
    } else {
      let hidden: Float32Array | undefined;
      let width = 0;
      for (const group of groups) {
        const part = await this.encodeRows(group.map((r) => rows[r]!));
        const partLength = part.dims[1]!;
        width = part.dims[2]!;
        hidden ??= new Float32Array(batch * sourceLength * width);
        const data = part.data as Float32Array;
        group.forEach((r, i) => {
          const size = partLength * width;
          hidden!.set(data.subarray(i * size, (i + 1) * size), r * sourceLength * width);
        });
      }
      encoderHidden = new ort.Tensor('float32', hidden!, [batch, sourceLength, width]);
    }
    return {
      encoderHidden,
      encoderMask,
      decoderCache: this.emptyCache(batch),
      encoderCache: this.emptyCache(batch),
      started: false,
      cacheBuffers: new DecoderCacheBuffers(reservePositions),
    };
  }

  /** The encoder's hidden states (`last_hidden_state`) for rows padded to the longest of them. */
  private async encodeRows(rows: readonly (readonly number[])[]): Promise<Tensor> {
    const sourceLength = Math.max(...rows.map((row) => row.length));
    const { ids, mask } = this.sourceTensors(rows, sourceLength);
    const encoded = await this.encoder.run({
      [ENCODER_IO.inputIds]: new ort.Tensor('int64', ids, [rows.length, sourceLength]),
      [ENCODER_IO.attentionMask]: new ort.Tensor('int64', mask, [rows.length, sourceLength]),
    });
    return output(encoded, ENCODER_IO.hidden);
  }

  private sourceTensors(rows: readonly (readonly number[])[], sourceLength: number) {
    const ids = new BigInt64Array(rows.length * sourceLength).fill(BigInt(this.special.pad));
    const mask = new BigInt64Array(rows.length * sourceLength);
    rows.forEach((row, r) => {
      row.forEach((token, i) => {
        ids[r * sourceLength + i] = BigInt(token);
        mask[r * sourceLength + i] = 1n;
      });
    });
    return { ids, mask };
  }

  /**
   * Encodes a job's rows and gives the decoder's first input for every row: its start token and the
   * forced prefix at once (`</s> fra_Latn` for NLLB, the padding token alone for OPUS-MT).
   */
  async start(job: DecodeJob): Promise<DecodeStart> {
    const state = await this.encode(job.rows, expectedPositions(job));
    throwIfAborted(job.signal);
    const first = [this.special.decoderStart, ...job.forcedPrefix].map((token) => BigInt(token));
    const inputIds = new BigInt64Array(job.rows.length * first.length);
    for (let r = 0; r < job.rows.length; r++) inputIds.set(first, r * first.length);
    return { state, inputIds, inputLength: first.length };
  }

  /**
   * One decoder step over `inputIds` (`[batch, inputLength]`), continuing from the state's caches,
   * and each row's picks.
   */
  async step(
    state: BatchState,
    inputIds: BigInt64Array,
    inputLength: number,
    pick: PickRequest,
  ): Promise<StepResult> {
    const { result, next } = await this.run(state, inputIds, inputLength, pick);
    const batch = inputIds.length / inputLength;
    if (this.picksInGraph) {
      const values = output(result, PICKER_IO.values);
      const k = values.dims[2]!;
      const picks = picksFromTopK(
        values.data as Float32Array,
        output(result, PICKER_IO.tokens).data as BigInt64Array,
        {
          rows: batch,
          positions: inputLength,
          k,
          count: pick.count,
        },
      );
      return { picks, state: next };
    }
    const logits = this.logitsOf(result, batch, inputLength);
    const picks = pick.logProbs
      ? await this.picker.topLogProbs(logits, pick.count)
      : await this.picker.argmax(logits);
    return { picks, state: next };
  }

  /** One step as `step`, giving the logits themselves (for tests and benches). */
  async stepLogits(
    state: BatchState,
    inputIds: BigInt64Array,
    inputLength: number,
  ): Promise<StepLogits & { state: BatchState }> {
    const { result, next } = await this.run(state, inputIds, inputLength);
    return { ...this.logitsOf(result, inputIds.length / inputLength, inputLength), state: next };
  }

  /** Runs the decoder; fetches the picks when it picks them itself and `pick` is given, else the logits. */
  private async run(state: BatchState, inputIds: BigInt64Array, inputLength: number, pick?: PickRequest) {
    const batch = inputIds.length / inputLength;
    const feeds: Record<string, Tensor> = {
      [DECODER_IO.inputIds]: new ort.Tensor('int64', inputIds, [batch, inputLength]),
      [DECODER_IO.encoderAttentionMask]: state.encoderMask,
      [DECODER_IO.encoderHidden]: state.encoderHidden,
      [DECODER_IO.useCacheBranch]: new ort.Tensor('bool', [state.started], [1]),
    };
    for (let layer = 0; layer < this.layout.layers; layer++) {
      feeds[pastName(layer, 'decoder', 'key')] = state.decoderCache[layer * 2]!;
      feeds[pastName(layer, 'decoder', 'value')] = state.decoderCache[layer * 2 + 1]!;
      feeds[pastName(layer, 'encoder', 'key')] = state.encoderCache[layer * 2]!;
      feeds[pastName(layer, 'encoder', 'value')] = state.encoderCache[layer * 2 + 1]!;
    }
    const picksHere = this.picksInGraph && pick !== undefined;
    if (this.newKeysValuesInGraph) Object.assign(feeds, sliceFeeds(inputLength));
    if (this.picksInGraph) {
      // Always fed (they are inputs of the graph); read only when the picks are fetched.
      const count = Math.min(pick?.count ?? 1, this.bias.dims[0]!);
      feeds[PICKER_IO.bias] = this.bias;
      feeds[PICKER_IO.count] = new ort.Tensor('int64', BigInt64Array.of(BigInt(count)), [1]);
      feeds[PICKER_IO.logProbs] = new ort.Tensor('bool', [pick?.logProbs ?? false], [1]);
    }
    // After the first step only the decoder's own cache is needed besides the picks: not fetching
    // the encoder's (constant) keys and values saves copying them out on every step.
    const fetches = [
      ...this.decoderCacheFetches,
      ...(state.started ? [] : this.encoderCacheOutputs),
      ...(picksHere ? [PICKER_IO.values, PICKER_IO.tokens] : [DECODER_IO.logits]),
    ];
    const result = await this.decoder.run(feeds, fetches);
    const decoderCache: Tensor[] = [];
    const encoderCache: Tensor[] = [];
    const grown = (index: number, name: string) =>
      this.newKeysValuesInGraph
        ? state.cacheBuffers.append(index, state.decoderCache[index]!, output(result, newPartOf(name)))
        : output(result, name);
    for (let layer = 0; layer < this.layout.layers; layer++) {
      decoderCache.push(
        grown(layer * 2, presentName(layer, 'decoder', 'key')),
        grown(layer * 2 + 1, presentName(layer, 'decoder', 'value')),
      );
      // The encoder's keys and values are computed on the first step only; later outputs of
      // the merged decoder are placeholders (as in Optimum and transformers.js).
      if (!state.started) {
        encoderCache.push(
          output(result, presentName(layer, 'encoder', 'key')),
          output(result, presentName(layer, 'encoder', 'value')),
        );
      }
    }
    const next: BatchState = {
      ...state,
      decoderCache,
      encoderCache: state.started ? state.encoderCache : encoderCache,
      started: true,
    };
    return { result, next };
  }

  private logitsOf(
    result: ort.InferenceSession.OnnxValueMapType,
    batch: number,
    inputLength: number,
  ): StepLogits {
    const logits = output(result, DECODER_IO.logits);
    return { logits: logits.data as Float32Array, batch, inputLength, vocab: logits.dims[2]! };
  }

  private emptyCache(batch: number): Tensor[] {
    const { layers, heads, headDim } = this.layout;
    return Array.from(
      { length: layers * 2 },
      () => new ort.Tensor(CACHE_TYPE, new Float32Array(0), [batch, heads, 0, headDim]),
    );
  }
}

/**
 * Positions a job's decoder cache is expected to reach: its start and forced tokens and answers up
 * to 1.5 times the source's tokens (translations run longer than their source in few pairs), within
 * the rows' caps.
 */
function expectedPositions(job: DecodeJob): number {
  const sourceLength = Math.max(...job.rows.map((row) => row.length));
  const framing = 1 + job.forcedPrefix.length;
  return framing + Math.min(Math.max(...job.maxNewTokens), Math.ceil(1.5 * sourceLength) + 8);
}

/**
 * What one more encoder run costs, in source tokens: it reads every weight once whatever its
 * batch, about what encoding this many tokens costs on a CPU.
 */
const ENCODER_RUN_TOKENS = 32;

/**
 * Splits rows into groups to encode separately, each padded to its own longest row: the split, of
 * the rows sorted by length, that minimises padded tokens plus `runTokens` per group. Rows of
 * similar length stay one group (returned as the rows in their order). Each group lists row indices.
 */
export function lengthGroups(lengths: readonly number[], runTokens = ENCODER_RUN_TOKENS): number[][] {
  const order = lengths.map((_, r) => r).sort((a, b) => lengths[b]! - lengths[a]! || a - b);
  // cost[i]: the cheapest split of the longest i rows; cut[i]: where its last group starts.
  const cost = [0];
  const cut = [0];
  for (let i = 1; i <= order.length; i++) {
    cost[i] = Infinity;
    for (let start = 0; start < i; start++) {
      const candidate = cost[start]! + (i - start) * lengths[order[start]!]! + runTokens;
      if (candidate < cost[i]!) {
        cost[i] = candidate;
        cut[i] = start;
      }
    }
  }
  const groups: number[][] = [];
  for (let end = order.length; end > 0; end = cut[end]!) groups.unshift(order.slice(cut[end], end));
  return groups.length === 1 ? [lengths.map((_, r) => r)] : groups;
}

function output(result: ort.InferenceSession.OnnxValueMapType, name: string): Tensor {
  const value = result[name];
  if (!value) throw new Error(`The model gave no '${name}' output`);
  return value as Tensor;
}
