/**
 * A model family: what the engine must know about a kind of translation model beyond its ONNX
 * graphs. Families share one architecture on the engine's side (an encoder and a merged decoder
 * with past key values, in the transformers.js export layout), and differ only in the text side:
 * which tokenizer reads them, which language tokens they have, and how a source row and the
 * decoder's first tokens are framed. Sinusoidal positions, embedding scales and logits biases are
 * inside the graphs, so the decoding loop needs nothing else.
 */
import type { PreTrainedTokenizer } from '@huggingface/transformers';

export type FamilyId = 'nllb' | 'm2m100' | 'small100' | 'marian';

/** The licence the family's published weights carry. */
export interface Licence {
  /** SPDX identifier. */
  id: 'CC-BY-NC-4.0' | 'MIT' | 'CC-BY-4.0';
  /** What it allows, in a few words, for /status and the README. */
  terms: string;
  /** The licence text. */
  url: string;
}

/** What a model's own files say about it (read before its tokenizer is built). */
export interface ModelDescriptor {
  /** config.json. */
  config: ModelConfigJson;
  /** tokenizer_config.json. */
  tokenizerConfig: { tokenizer_class?: string };
  /** The model's name: its hub id or folder name (OPUS-MT pair models are named after their pair). */
  name: string;
}

export interface ModelConfigJson {
  model_type?: string;
  _name_or_path?: string;
  tokenizer_class?: string;
  vocab_size?: number;
  d_model?: number;
  decoder_layers?: number;
  decoder_attention_heads?: number;
  pad_token_id?: number;
  eos_token_id?: number;
  decoder_start_token_id?: number;
}

/**
 * A language's token id in the model, or `null` when the model has none for it (an OPUS-MT pair
 * model translates one pair, named by the model, not by tokens).
 */
export type LanguageToken = number | null;

/** The languages a model reads and writes, by catalogue code (`fra_Latn`), with their tokens. */
export interface ServedLanguages {
  sources: ReadonlyMap<string, LanguageToken>;
  targets: ReadonlyMap<string, LanguageToken>;
}

export interface ModelFamily {
  readonly id: FamilyId;
  /** The family's name for people (`NLLB-200`). */
  readonly name: string;
  readonly licence: Licence;
  /** Whether a model's files are this family's. */
  detect(model: ModelDescriptor): boolean;
  /** The transformers.js tokenizer that reads the family's tokenizer.json. */
  readonly tokenizerClass: new (json: object, config: object) => PreTrainedTokenizer;
  /** The catalogue languages the model serves, from its tokenizer (and, for pair models, its name). */
  languages(tokenizer: PreTrainedTokenizer, model: ModelDescriptor): ServedLanguages;
  /** What a source row holds before the sentence's tokens (it always ends with `</s>`). */
  sourcePrefix(source: LanguageToken, target: LanguageToken): number[];
  /** The tokens the decoder is forced to write after its start token, before it chooses. */
  forcedPrefix(target: LanguageToken): number[];
}

/**
 * NLLB, M2M-100 and SMaLL-100 all have `model_type` m2m_100; a folder with only a tokenizer (the
 * kserve engine's) has no config.json, and its tokenizer class alone tells the family.
 */
export function isM2m100Architecture(config: ModelConfigJson): boolean {
  return (config.model_type ?? 'm2m_100') === 'm2m_100';
}
