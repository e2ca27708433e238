/**
 * Which of the engine's speed-ups a loaded model runs with, and why one is off: what `/status`
 * shows the operator (`engine_features`) and what the server logs once when one is off because
 * something failed (`fallback`), rather than by a setting or the model's kind.
 */
import type { CompactPieces } from '../../tokenizer/compact-pieces.ts';
import type { OpenedModelFile } from './open-model-file.ts';

export type EngineFeature = {
  on: boolean;
  /** Why it is off. */
  why?: string;
  /** Off because something failed (a copy that did not open or could not be written, a layout not known). */
  fallback?: boolean;
};

// Type aliases, not interfaces: /status's schema takes them as a record of features.
export type EngineFeatures = {
  /** Quantized weights run as int8 rather than uint8 (int8-weights.ts). */
  int8_weights: EngineFeature;
  /** The decoder picks each step's tokens itself (picker-graph.ts). */
  picks_in_decoder: EngineFeature;
  /** The decoder returns only each step's new keys and values (decoder-cache.ts). */
  new_keys_values_only: EngineFeature;
  /** The decoder's weights are read packed from its copy, not packed at load (prepacked-weights.ts). */
  prepacked_weights: EngineFeature;
  /** The tokenizer's pieces are held without transformers.js's trie (tokenizer/compact-pieces.ts). */
  compact_tokenizer: EngineFeature;
};

/** What running without each feature costs, for the warning the server logs when one fails. */
export const COST_WITHOUT: Record<keyof EngineFeatures, string> = {
  int8_weights: 'slower',
  picks_in_decoder: 'slower',
  new_keys_values_only: 'slower',
  prepacked_weights: 'more memory, slower to load',
  compact_tokenizer: 'more memory',
};

/** What the load knew: the files it opened, how it was asked to pick, and what the decoder turned out to do. */
export interface LoadedFiles {
  dtype: string;
  encoder: OpenedModelFile;
  decoder: OpenedModelFile;
  /** The picker setting (`decoder` unless a bench or test asks for another). */
  picker: string;
  picksInGraph: boolean;
  newKeysValuesInGraph: boolean;
  /** What compacting the tokenizer did. */
  tokenizerPieces: CompactPieces;
}

export function engineFeatures(loaded: LoadedFiles): EngineFeatures {
  const int8Off = [
    loaded.encoder.int8Off && { file: 'encoder', ...loaded.encoder.int8Off },
    loaded.decoder.int8Off && { file: 'decoder', ...loaded.decoder.int8Off },
  ].filter((off) => off !== undefined);
  const int8: EngineFeature =
    loaded.dtype !== 'q8'
      ? { on: false, why: `the weights are ${loaded.dtype}, not q8` }
      : int8Off.length === 0
        ? { on: true }
        : {
            on: false,
            why: int8Off.map((off) => `${off.file}: ${off.why}`).join('; '),
            ...(int8Off.some((off) => off.fallback) && { fallback: true }),
          };
  const tail = (on: boolean): EngineFeature => {
    if (on) return { on: true };
    if (loaded.picker !== 'decoder')
      return { on: false, why: `the picker is '${loaded.picker}' (an option of benches and tests)` };
    return {
      on: false,
      why: loaded.decoder.copyOff ?? 'the decoder copy lacks the nodes the engine appends',
      fallback: true,
    };
  };
  const { decoder } = loaded;
  const prepacked: EngineFeature = decoder.prepacked
    ? { on: true }
    : decoder.prepackedOff
      ? { on: false, why: decoder.prepackedOff, fallback: true }
      : {
          on: false,
          why: decoder.int8
            ? 'not asked for (an option of benches and tests)'
            : 'only int8 weights are saved packed (ONNX Runtime 1.30 crashes running other packings from a file)',
        };
  return {
    int8_weights: int8,
    picks_in_decoder: tail(loaded.picksInGraph),
    new_keys_values_only: tail(loaded.newKeysValuesInGraph),
    prepacked_weights: prepacked,
    compact_tokenizer: loaded.tokenizerPieces.on
      ? { on: true }
      : {
          on: false,
          why: loaded.tokenizerPieces.why,
          ...(loaded.tokenizerPieces.unexpected && { fallback: true }),
        },
  };
}
