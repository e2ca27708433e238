/**
 * Loads the n-gram model that ships in the repo (model/ngram-model.bin.br, written by
 * scripts/train-detector.ts). Nothing is downloaded: the file is part of the source tree.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress, brotliDecompressSync } from 'node:zlib';
import { NgramModel } from './ngram-model.ts';

export const MODEL_FILE = new URL('./model/ngram-model.bin.br', import.meta.url);

const decompress = promisify(brotliDecompress);

/** Loads without blocking the event loop (decompression runs on libuv's thread pool). */
export async function loadModel(file: URL = MODEL_FILE): Promise<NgramModel> {
  return NgramModel.fromBuffer(await decompress(await readFile(file)));
}

/** Loads at once, for a detection asked for before the background load finished. */
export function loadModelSync(file: URL = MODEL_FILE): NgramModel {
  return NgramModel.fromBuffer(brotliDecompressSync(readFileSync(file)));
}
