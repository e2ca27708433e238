/**
 * The text side of a translation model, whatever its family: how a sentence becomes the rows the
 * model reads and how generated ids become text again. The built-in engine (in its model process)
 * and the kserve engine (which tokenizes here and sends ids to inference servers) both go through
 * it, so both cut long sentences the same way.
 *
 * A model family is an adapter (`nllb.ts`): it loads its tokenizer from a model source and says how
 * a row is framed and which token names a language. NLLB-200 frames a row
 * `[source language, …tokens, </s>]` and starts the output with the target language; a family that
 * frames otherwise (M2M-100's `__en__` tokens, OPUS-MT's per-pair models without language tokens)
 * is another adapter of the same shape.
 */
import type { ProgressInfo } from '@huggingface/transformers';
import type { ModelSource } from '../model-source.ts';

/**
 * Longest piece of a source sentence in one row (the model's 512 positions, less the language and
 * end tokens); longer sentences are translated in pieces, never cut off.
 */
export const MAX_SOURCE_TOKENS = 510;

/** One row of a sentence: what the model reads, and the sentence's tokens in it. */
export interface SourceRow {
  ids: number[];
  /** The sentence's own tokens in the row, without the framing (for length caps and loop checks). */
  piece: number[];
}

export interface ModelTokenizer {
  /** The sentence's token ids, without special tokens. */
  encode(text: string): number[];
  /** The text of generated ids, special tokens left out, trimmed. */
  decode(ids: readonly number[]): string;
  /** The id of a language's token, by the model's code for it (`zho_Hans`); undefined if it has none. */
  languageToken(modelCode: string): number | undefined;
  /**
   * The rows a sentence becomes: its ids in pieces of at most MAX_SOURCE_TOKENS (one empty piece
   * for an empty sentence), each framed as the model reads it.
   */
  sourceRows(ids: readonly number[], sourceLanguage: number): SourceRow[];
  /** What the output starts with for a target language (the decoder's forced prefix). */
  targetPrefix(targetLanguage: number): number[];
  /** Every special token's id (language tokens, `</s>`, padding …). */
  readonly specialIds: readonly number[];
  /** How many tokens the vocabulary holds. */
  readonly vocabularySize: number;
}

/** A model family's tokenizer, as a loader from a model source. */
export interface TokenizerFamily {
  readonly name: string;
  /**
   * Loads the tokenizer (downloading its files into the source's cache when missing), reporting
   * transformers.js progress events to `onProgress`.
   */
  load(source: ModelSource, onProgress?: (info: ProgressInfo) => void): Promise<ModelTokenizer>;
}

/** A sentence's ids in pieces of at most MAX_SOURCE_TOKENS; an empty sentence is one empty piece. */
export function sourcePieces(ids: readonly number[]): number[][] {
  const pieces: number[][] = [];
  for (let start = 0; start < Math.max(ids.length, 1); start += MAX_SOURCE_TOKENS) {
    pieces.push(ids.slice(start, start + MAX_SOURCE_TOKENS));
  }
  return pieces;
}
