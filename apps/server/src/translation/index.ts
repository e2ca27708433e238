/** Protected text, whole-sentence plans and glossaries (`@sema/server/protected-text`), for benchmarks. */
export { compileGlossary, splitProtected } from './protected-spans.ts';
export { planSentences } from './sentence-plan.ts';
export { maskedText } from './stand-ins.ts';
