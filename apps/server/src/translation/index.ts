/** Protected text and glossaries (`@sema/server/protected-text`), for benchmarks. */
export { compileGlossary, splitProtected } from './protected-spans.ts';
