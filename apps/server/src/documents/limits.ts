import type { DocumentLimits } from './types.ts';

/** Safety limits that are not worth a setting: they only stop hostile or broken files. */
const MIN_EXPANDED_BYTES = 64 * 1024 * 1024;
const EXPANSION_FACTOR = 10;
const MAX_ZIP_ENTRIES = 2000;
const MAX_JSON_DEPTH = 64;

/** The limits of one server, from its `documents` configuration. */
export function documentLimits(config: { maxFileBytes: number; maxChars: number }): DocumentLimits {
  return {
    maxFileBytes: config.maxFileBytes,
    maxChars: config.maxChars,
    // Text-heavy packages expand about 5-10x; anything past this is a zip bomb, not a document.
    maxExpandedBytes: Math.max(MIN_EXPANDED_BYTES, config.maxFileBytes * EXPANSION_FACTOR),
    maxZipEntries: MAX_ZIP_ENTRIES,
    maxJsonDepth: MAX_JSON_DEPTH,
  };
}

/** The document worker: longest a read or rebuild may take, and the heap it may use. */
export const READER_LIMITS = { timeoutMs: 20_000, maxMemoryMb: 512 } as const;
