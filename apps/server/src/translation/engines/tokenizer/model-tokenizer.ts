/**
 * The text side of a translation model, whatever its family: how a sentence becomes the rows the
 * model reads and how generated ids become text again. The built-in engine (in its model process)
 * and the kserve engine (which tokenizes here and sends ids to inference servers) both go through
 * it, so both cut long sentences the same way.
 *
 * Languages are catalogue codes (`fra_Latn`) here; the model's family (`../families/`) knows its
 * own tokens for them and how a row is framed: NLLB `[fra_Latn, …, </s>]`, M2M-100 `[__fr__, …,
 * </s>]`, SMaLL-100 and multi-target OPUS-MT models with the target at the head, OPUS-MT pair
 * models with no language token at all.
 */
import type { ModelFamily, ServedLanguages } from '../families/model-family.ts';
import type { CompactPieces } from './compact-pieces.ts';

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

/** A language the model does not read (`source`) or write (`target`). */
export class UnservedLanguageError extends Error {
  constructor(
    readonly side: 'source' | 'target',
    readonly code: string,
    family: string,
  ) {
    super(`The ${family} model does not translate ${side === 'source' ? 'from' : 'into'} '${code}'`);
    this.name = 'UnservedLanguageError';
  }
}

export interface ModelTokenizer {
  readonly family: ModelFamily;
  /** The catalogue languages the model reads and writes. */
  readonly languages: ServedLanguages;
  /** The sentence's token ids, without special tokens. */
  encode(text: string): number[];
  /** The text of generated ids, special tokens left out, trimmed. */
  decode(ids: readonly number[]): string;
  /**
   * The rows a sentence's ids become for a pair of catalogue languages: pieces of at most
   * MAX_SOURCE_TOKENS (one empty piece for an empty sentence), each framed as the model reads it.
   * Throws UnservedLanguageError for a language the model does not serve.
   */
  sourceRows(ids: readonly number[], source: string, target: string): SourceRow[];
  /** The tokens the decoder is forced to start with (after its start token) for a target language. */
  targetPrefix(target: string): number[];
  /** Every special token's id (language tokens, `</s>`, padding …). */
  readonly specialIds: readonly number[];
  /** How many tokens the vocabulary holds. */
  readonly vocabularySize: number;
  /** Whether the tokenizer's pieces are held compactly (compact-pieces.ts), or why not. */
  readonly compactPieces: CompactPieces;
}

/** A sentence's ids in pieces of at most MAX_SOURCE_TOKENS; an empty sentence is one empty piece. */
export function sourcePieces(ids: readonly number[]): number[][] {
  const pieces: number[][] = [];
  for (let start = 0; start < Math.max(ids.length, 1); start += MAX_SOURCE_TOKENS) {
    pieces.push(ids.slice(start, start + MAX_SOURCE_TOKENS));
  }
  return pieces;
}
