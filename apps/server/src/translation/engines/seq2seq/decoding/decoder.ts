/**
 * The decoding contract: the job a decoder gets (source rows already framed, forced prefix, per-row
 * caps), what it counts, and the one method the greedy and the beam decoder implement.
 */
import { abortError } from '../../../errors.ts';

export interface SpecialTokens {
  pad: number;
  eos: number;
  /** The decoder's first input: `</s>` for NLLB and M2M-100, the padding token for OPUS-MT. */
  decoderStart: number;
  /** 1 for every token that must never be generated (padding, language tokens, …). */
  suppressed: Uint8Array;
}

export interface DecodeJob {
  /** Source rows, each already framed as the model reads it (`[source language, …tokens, </s>]`). */
  rows: readonly (readonly number[])[];
  /**
   * What the decoder is forced to write after its start token, the same for every row: the target
   * language for NLLB and M2M-100, nothing for SMaLL-100 and OPUS-MT.
   */
  forcedPrefix: readonly number[];
  /** Per row: the most tokens it may generate. */
  maxNewTokens: readonly number[];
  /** Per row: whether to stop the row when a repetition loop forms. */
  guardLoops: readonly boolean[];
  /** Checked between steps; aborts the whole job. */
  signal?: AbortSignal;
}

export interface DecodeStats {
  /** Decoder runs. */
  steps: number;
  /** Tokens generated; for beam search, those of the hypotheses returned. */
  generatedTokens: number;
}

/** A decoding strategy: per row, the generated tokens without the start, forced and end tokens. */
export interface Decoder {
  decode(job: DecodeJob, stats?: DecodeStats): Promise<number[][]>;
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}
