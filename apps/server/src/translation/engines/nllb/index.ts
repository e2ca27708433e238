/**
 * The NLLB model (`@sema/server/nllb`), for benchmarks: in-process (`NllbModel`, what the model
 * process runs) and as the server runs it (`NllbEngine`, the model in its own process).
 */
export { resolveModelSource } from '../model-source.ts';
export { NllbModel } from './nllb-model.ts';
export { NllbEngine } from '../nllb.ts';
