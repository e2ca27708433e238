import type { DocumentFormat } from '@sema/shared/api/documents';
import type { OutputNaming } from './output-name.ts';

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
  /**
   * Reads a textual upload whose format declares its own encoding (a PO header's `charset=`); without
   * it the upload must be UTF-8 or UTF-16 with a byte-order mark (sniff.ts).
   */
  decode?(bytes: Uint8Array): string;
  /**
   * The translated file's name, by the format's ecosystem (`intl_en.arb` → `intl_fr.arb`); without
   * it, `report.fr.docx` (output-name.ts).
   */
  outputName?: OutputNaming;
  /** For a ZIP package format, how its translation reads (the preview beside the download). */
  preview?: PackagePreview;
  /** For a ZIP package format, what such a file is called in an error: 'a Word document'. */
  packageKind?: string;
  /** Reads the upload; throws an ApiError from `documentError()` when the file cannot be used. */
  extract(
    input: DocumentInput,
    limits: DocumentLimits,
    context: ExtractContext,
  ): Promise<ExtractedDocument> | ExtractedDocument;
}

/**
 * How a package reads for a person: the parts that hold what they read (a Word document's body,
 * slides without their notes, OpenDocument's content.xml, EPUB chapters), in reading order, and each
 * part's text a paragraph a line. The format's adapter declares it beside the parts it translates.
 */
export interface PackagePreview {
  parts: (name: string) => boolean;
  /** Sorts the parts into reading order (slide 2 before slide 10); zip order otherwise. */
  order?: (a: string, b: string) => number;
  read: (xml: string) => string;
}

/** What a localisation file writes about its translation besides the text. */
export interface ExtractContext {
  /**
   * Catalogue code of the target language, for formats that name it (a PO `Language:` header, an
   * XLIFF `target-language`, an office document's or ebook's language as a BCP 47 tag).
   */
  target?: string;
  /** Mark machine translations for review (PO `fuzzy`, XLIFF 1.2 `needs-review-translation`). */
  needsReview: boolean;
}

export interface DocumentInput {
  bytes: Uint8Array;
  /** The upload decoded as UTF-8, without a byte-order mark; only for textual adapters. */
  text: string;
}

export interface ExtractedDocument {
  /** Human text to translate, in document order; never blank. */
  segments: string[];
  /** Rebuilds the document with `translations[i]` in place of `segments[i]`. */
  rebuild(translations: readonly string[]): Promise<Uint8Array | string> | Uint8Array | string;
  /** Told to the client with the result: units left untranslated and why (a unit is never dropped silently). */
  note?: string;
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
