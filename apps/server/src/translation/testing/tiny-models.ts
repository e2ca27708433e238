/**
 * The tiny random-weight models of the other families (made by scripts/make-tiny-families.py; see
 * the README in each folder): M2M-100, SMaLL-100 and the OPUS-MT pairs English→French and
 * German→English (other weights, so that routing tests see which one answered).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixture = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures', name);

export const TINY_M2M100 = fixture('tiny-m2m100');
export const TINY_SMALL100 = fixture('tiny-small100');
export const TINY_OPUS_MT_EN_FR = fixture('tiny-opus-mt-en-fr');
export const TINY_OPUS_MT_DE_EN = fixture('tiny-opus-mt-de-en');
