/**
 * Models whose only public ONNX export is float32, which `npm run models -- pull` downloads and
 * quantizes on the operator's machine (scripts/float32-pull.ts) instead of downloading q8 files
 * that do not exist.
 */

export interface Float32Export {
  /** The hub id a configuration names (SEMA_TRANSLATION_MODEL, SEMA_PAIR_MODELS). */
  id: string;
  /**
   * The hub revision holding the ONNX files, pinned: the export is a pull request on the model's
   * repository (not merged into main), identified by its commit.
   */
  revision: string;
  /** Where the revision is described, for the operator. */
  page: string;
  /** The float32 graphs, each with its external weights beside it (found by reading the graph). */
  graphs: readonly string[];
  /** About how many bytes the float32 download is, told before it starts. */
  float32Bytes: number;
}

export const FLOAT32_EXPORTS: readonly Float32Export[] = [
  {
    // facebook/nllb-200-distilled-1.3B, pull request #8 "Adding ONNX file of this model": onnx/
    // encoder_model.onnx (4.7 MB) + encoder_model.onnx_data (3.06 GB), decoder_model_merged.onnx
    // (10.6 MB) + decoder_model_merged.onnx_data (4.52 GB), and the position tables' constants
    // (_embed_positions_Constant_5_attr__value, _model_decoder_embed_positions_Constant_5_attr__value,
    // 4.2 MB each); config.json and the tokenizer's files at the repository's root.
    id: 'facebook/nllb-200-distilled-1.3B',
    revision: 'a6b99468fc28aceb4af5c5c49153245f0463f9bc',
    page: 'https://huggingface.co/facebook/nllb-200-distilled-1.3B/tree/refs%2Fpr%2F8/onnx',
    graphs: ['onnx/encoder_model.onnx', 'onnx/decoder_model_merged.onnx'],
    float32Bytes: 7.6e9,
  },
];

/** The float32-only export a model name is, if it is one. */
export function float32Export(name: string): Float32Export | undefined {
  return FLOAT32_EXPORTS.find((entry) => entry.id.toLowerCase() === name.toLowerCase());
}

/** A file's URL on the hub at a revision (the hub's `resolve` layout). */
export function hubFileUrl(hub: string, id: string, revision: string, file: string): string {
  return `${hub.replace(/\/*$/, '/')}${id}/resolve/${encodeURIComponent(revision)}/${file}`;
}
