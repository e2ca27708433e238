/**
 * The n-gram model file: a JSON header and four typed arrays, brotli-compressed. Written by
 * `scripts/train-detector.ts`, read once when the detector starts.
 *
 * Layout (before compression): "SEMALID1", header length (uint32 LE), header JSON, zero padding to a
 * multiple of 4, then keys (uint32 × keyCount, ascending), offsets (uint32 × keyCount + 1), entry
 * languages (uint8 × entryCount) and entry weights (uint8 × entryCount).
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { PriorSettings } from './language-prior.ts';

const MAGIC = 'SEMALID1';

export interface ModelHeader {
  /** Catalogue codes; an entry's language is an index into this list. */
  languages: string[];
  maxOrder: number;
  /** Entry weights are log-probability gains over `unseen`, in units of 1/scale nats. */
  scale: number;
  /** Per language, per order (index 0 = order 1): log-probability of an n-gram it never showed. */
  unseen: number[][];
  /** Multiplies log-likelihoods before the softmax (tuned on the dev split). */
  sharpness: number;
  /**
   * Per language, added after the sharpness: corrects naive Bayes's lean towards languages with
   * little or list-like training text (tuned on the dev split).
   */
  bias: number[];
  /** Logistic calibration of the reported confidence (confidence.ts), fitted on the dev split. */
  confidence?: [number, number, number];
  /** The prior over languages (language-prior.ts), tuned on dev text. */
  prior?: PriorSettings;
  keyCount: number;
  entryCount: number;
  /** Free-form: how and from what the model was trained. */
  trainedOn: string;
}

export interface ModelArrays {
  keys: Uint32Array;
  offsets: Uint32Array;
  entryLanguages: Uint8Array;
  entryWeights: Uint8Array;
}

export function encodeModel(header: ModelHeader, arrays: ModelArrays): Buffer {
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefixLength = MAGIC.length + 4 + headerBytes.length;
  const padding = (4 - (prefixLength % 4)) % 4;
  const prefix = Buffer.alloc(prefixLength + padding);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(prefix, MAGIC.length + 4);
  const raw = Buffer.concat([
    prefix,
    Buffer.from(arrays.keys.buffer, arrays.keys.byteOffset, arrays.keys.byteLength),
    Buffer.from(arrays.offsets.buffer, arrays.offsets.byteOffset, arrays.offsets.byteLength),
    Buffer.from(arrays.entryLanguages),
    Buffer.from(arrays.entryWeights),
  ]);
  return brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
}

/** Parses a model file; `raw` is the decompressed content. */
export function decodeModel(raw: Buffer): { header: ModelHeader; arrays: ModelArrays } {
  if (raw.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('Not a Sema language model file');
  const headerLength = raw.readUInt32LE(MAGIC.length);
  const header = JSON.parse(
    raw.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength),
  ) as ModelHeader;
  let offset = MAGIC.length + 4 + headerLength;
  offset += (4 - (offset % 4)) % 4;
  // Copy into fresh, aligned buffers: the decompressed buffer may sit at any byte offset.
  const take = (bytes: number) => {
    const slice = raw.subarray(offset, offset + bytes);
    offset += bytes;
    const copy = new ArrayBuffer(bytes);
    new Uint8Array(copy).set(slice);
    return copy;
  };
  const keys = new Uint32Array(take(header.keyCount * 4));
  const offsets = new Uint32Array(take((header.keyCount + 1) * 4));
  const entryLanguages = new Uint8Array(take(header.entryCount));
  const entryWeights = new Uint8Array(take(header.entryCount));
  if (offset !== raw.length) throw new Error('Language model file has an unexpected length');
  return { header, arrays: { keys, offsets, entryLanguages, entryWeights } };
}
