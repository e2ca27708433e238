/** The NLLB model, in-process (`@sema/server/nllb`): what the model process runs, for benchmarks. */
export { resolveModelSource } from './model-source.ts';
export { NllbModel } from './nllb-model.ts';
