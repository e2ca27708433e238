/** Makers of test documents (`@sema/server/documents-testing`), for tests and benchmarks. */
export { makeDocx } from './make-docx.ts';
export { makePdf } from './make-pdf.ts';
