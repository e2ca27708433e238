import type { DocumentFormat } from '@sema/shared/api/documents';

/**
 * One document format. An adapter never translates: it finds the human text in a file, hands it out
 * as segments, and rebuilds the same file with translated segments put back where they came from, so
 * everything that is not text (markup, timings, keys, styles) stays as it was.
 */
export interface DocumentAdapter {
  format: DocumentFormat;
  /** Media type of the rebuilt file. */
  mimeType: string;
  /** True when the adapter reads the upload as UTF-8 text (the service decodes and validates it). */
  textual: boolean;
  /** For a ZIP package format, what such a file is called in an error: 'a Word document'. */
  packageKind?: string;
  /** Reads the upload; throws an ApiError from `documentError()` when the file cannot be used. */
  extract(input: DocumentInput, limits: DocumentLimits): Promise<ExtractedDocument> | ExtractedDocument;
}

export interface DocumentInput {
  bytes: Uint8Array;
  /** The upload decoded as UTF-8, without a byte-order mark; only for textual adapters. */
  text: string;
  /** The target language as a BCP 47 tag, for formats that record the document's language. */
  language?: string;
}

export interface ExtractedDocument {
  /** Human text to translate, in document order; never blank. */
  segments: string[];
  /** Rebuilds the document with `translations[i]` in place of `segments[i]`. */
  rebuild(translations: readonly string[]): Promise<Uint8Array | string> | Uint8Array | string;
  /** Set when the result is another format than the upload (a PDF becomes Markdown). */
  output?: { extension: string; mimeType: string; note: string };
}

export interface DocumentLimits {
  /** Largest upload, in bytes. */
  maxFileBytes: number;
  /** Most characters of translatable text. */
  maxChars: number;
  /** Most bytes a ZIP package (docx) may expand to, all entries together. */
  maxExpandedBytes: number;
  /** Most entries in a ZIP package. */
  maxZipEntries: number;
  /** Deepest nesting of arrays and objects in JSON. */
  maxJsonDepth: number;
}
