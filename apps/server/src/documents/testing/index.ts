/** Makers of test documents (`@sema/server/documents-testing`), for tests and benchmarks. */
export { makeDocx } from './make-docx.ts';
export { makePdf } from './make-pdf.ts';
export { makeEpub } from './make-epub.ts';
export { makeOdp, makeOds, makeOdt } from './make-odf.ts';
export { makePptx } from './make-pptx.ts';
export { makeXlsx } from './make-xlsx.ts';
export { zipFixture } from './zip-fixture.ts';
export { makeStringsdict, type PluralEntry } from './make-stringsdict.ts';
