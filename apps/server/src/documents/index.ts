/** Document reading (`@sema/server/documents`), for benchmarks. */
export { documentLimits } from './limits.ts';
export { prepareDocument } from './prepare.ts';
