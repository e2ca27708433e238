/**
 * What a model is on disk, for the engine: the layout of a seq2seq ONNX export (the Optimum /
 * transformers.js layout every family the engine runs shares: NLLB-200, M2M-100, SMaLL-100,
 * OPUS-MT) — the config keys that size its decoder's cache, the names of its feeds and fetches, and
 * the check that an export has them. Everything that knows a name of an export's tensors reads it
 * here, so a new layout (T5/MADLAD's `num_heads`/`d_kv`, fp16 caches) is a change in one file.
 * No ONNX Runtime here: the files that rewrite models (engine-files/) and the decoder loop
 * (decoding/) both build on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ModelConfigJson } from '../../families/model-family.ts';

/** The size of the decoder's key/value caches, from config.json. */
export interface DecoderLayout {
  /** Decoder layers (each has decoder and encoder key/value caches). */
  layers: number;
  heads: number;
  headDim: number;
}

/** The encoder's feeds and its output. */
export const ENCODER_IO = {
  inputIds: 'input_ids',
  attentionMask: 'attention_mask',
  hidden: 'last_hidden_state',
} as const;

/** The merged decoder's feeds (besides the caches) and its logits. */
export const DECODER_IO = {
  inputIds: 'input_ids',
  encoderAttentionMask: 'encoder_attention_mask',
  encoderHidden: 'encoder_hidden_states',
  /** bool [1]: false on the first step (no cache yet), true after. */
  useCacheBranch: 'use_cache_branch',
  /** float [batch, positions, vocab]. */
  logits: 'logits',
} as const;

/** Whose keys and values a cache holds: the decoder's own (self-attention) or the encoder's (cross-attention). */
export type CacheOwner = 'decoder' | 'encoder';
type CachePart = 'key' | 'value';

/** The decoder's cache input for a layer (the past). */
export function pastName(layer: number, owner: CacheOwner, part: CachePart): string {
  return `past_key_values.${layer}.${owner}.${part}`;
}

/** The decoder's cache output for a layer (past and this step's positions). */
export function presentName(layer: number, owner: CacheOwner, part: CachePart): string {
  return `present.${layer}.${owner}.${part}`;
}

/** Every cache output of an owner, layer by layer, key before value: the order the batch state keeps them in. */
export function presentNames(layers: number, owner: CacheOwner): string[] {
  return Array.from({ length: layers }, (_, layer) =>
    (['key', 'value'] as const).map((part) => presentName(layer, owner, part)),
  ).flat();
}

/** Whether an output of the decoder is one of its cache outputs, and whose. */
export function presentOwner(name: string): CacheOwner | undefined {
  const match = /^present\.\d+\.(decoder|encoder)\./.exec(name);
  return match ? (match[1] as CacheOwner) : undefined;
}

/** The caches' element type: float32 in every export the engine runs (an fp16 cache would change it here). */
export const CACHE_TYPE = 'float32';

export function unsupported(why: string): Error {
  return new Error(`Unsupported model layout: ${why}`);
}

export function readModelConfig(folder: string): ModelConfigJson {
  return JSON.parse(fs.readFileSync(path.join(folder, 'config.json'), 'utf8')) as ModelConfigJson;
}

/** The decoder's cache sizes from config.json (BART-style keys, which every family here uses). */
export function decoderLayout(config: ModelConfigJson): DecoderLayout {
  const { decoder_layers: layers, decoder_attention_heads: heads, d_model: width } = config;
  if (!layers || !heads || !width)
    throw unsupported('config.json lacks decoder_layers, decoder_attention_heads or d_model');
  return { layers, heads, headDim: width / heads };
}

/** Throws unless the decoder is a merged decoder with past key values (the layout the loop runs). */
export function checkMergedDecoder(inputNames: readonly string[]): void {
  for (const input of [DECODER_IO.useCacheBranch, pastName(0, 'decoder', 'key'), DECODER_IO.encoderHidden]) {
    if (!inputNames.includes(input)) {
      throw unsupported(
        `the decoder has no '${input}' input; export it as a merged decoder with past key values`,
      );
    }
  }
}
