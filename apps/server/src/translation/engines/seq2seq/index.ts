/**
 * The built-in engine's translation model, of any family (`@sema/server/seq2seq`; `@sema/server/nllb`
 * is its older name), for benchmarks: in-process (`Seq2SeqModel`, what the model process runs) and
 * as the server runs it (`Seq2SeqEngine`, the model in its own process).
 */
export { resolveModelSource } from '../model-source.ts';
export { engineSessionOptions, Seq2SeqModel, type SessionOverride } from './seq2seq-model.ts';
export { modelProcessEnv } from './model-process-supervisor.ts';
export { loadModelTokenizer } from '../tokenizer/family-tokenizer.ts';
/** The decoder loop alone, for bench:profile-step's timers around its parts. */
export { ARGMAX, DecoderRunner } from './decoding/decoder-runner.ts';
export type { PickerKind } from './decoding/token-picker.ts';
/** The two searches over it, for bench:decoder-ab's side-by-side runs. */
export { BeamDecoder } from './decoding/beam-decoder.ts';
export { GreedyDecoder } from './decoding/greedy-decoder.ts';
export { Seq2SeqEngine } from '../seq2seq.ts';
