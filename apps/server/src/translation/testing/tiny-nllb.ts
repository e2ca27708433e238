/** The tiny random-weight NLLB model the tests and benchmarks run on (see its README). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TINY_NLLB = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/tiny-nllb',
);
