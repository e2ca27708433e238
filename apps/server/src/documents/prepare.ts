import { MARKERS } from '../translation/inline-codes.ts';
import type { DocumentFormat } from '@sema/shared/api/documents';
import { formatBytes } from '../lib/format-bytes.ts';
import type { Upload } from '../lib/http/upload.ts';
import { documentError, formatCount } from './errors.ts';
import { extensionOf, resolveAdapter } from './registry.ts';
import { decodeText } from './sniff.ts';
import type { DocumentLimits } from './types.ts';

/** A document that was read and checked, ready to be translated. */
export interface PreparedDocument {
  format: DocumentFormat;
  segments: string[];
  /** Characters of translatable text (what the character limit counts). */
  characters: number;
  /** Name of the upload without its extension, safe for a Content-Disposition header. */
  baseName: string;
  /** Extension and media type of the translated file. */
  extension: string;
  mimeType: string;
  /** True when the translated file is text (every format but docx). */
  textual: boolean;
  note?: string;
  /** True when a text budget left part of the document out. */
  truncated: boolean;
  rebuild(translations: readonly string[]): Promise<Uint8Array | string>;
  /** Frees what is held for the rebuild (in the document worker); safe to call more than once. */
  dispose?(): void;
}

export interface PrepareOptions {
  /**
   * Return only the text, as plain text, one segment per line (for a chat's context); with a budget,
   * only the first `budget` characters of it.
   */
  textOnly?: { budget?: number };
  /**
   * Catalogue code of the target language, for formats that name it (PO, XLIFF) or record the
   * document's language (office files, ebooks).
   */
  target?: string;
  /** Localisation files: mark translations for review (PO `fuzzy`); true unless the caller says not. */
  needsReview?: boolean;
}

/**
 * Everything that can be refused is refused here, before any translation starts: the size, the type,
 * a damaged or hostile file, a document without text or with too much of it.
 */
export async function prepareDocument(
  upload: Upload,
  limits: DocumentLimits,
  options: PrepareOptions = {},
): Promise<PreparedDocument> {
  if (upload.bytes.byteLength > limits.maxFileBytes) {
    throw documentError(
      'DOCUMENT_TOO_LARGE',
      `The file is larger than the ${formatBytes(limits.maxFileBytes)} limit.`,
    );
  }
  if (upload.bytes.byteLength === 0) throw documentError('DOCUMENT_HAS_NO_TEXT', 'The file is empty.');
  const adapter = resolveAdapter(upload);
  const text = !adapter.textual
    ? ''
    : adapter.decode
      ? adapter.decode(upload.bytes)
      : decodeText(upload.bytes, adapter.format);
  const extracted = await adapter.extract({ bytes: upload.bytes, text }, limits, {
    ...(options.target ? { target: options.target } : {}),
    needsReview: options.needsReview ?? true,
  });
  // A file whose text the adapter left alone for a reason it states (a finished catalogue, a deck
  // whose only text is in charts) comes back as it is, with that reason, so a pipeline that sends
  // every file gets every file back; a file with nothing to say about is refused.
  if (extracted.segments.length === 0 && (options.textOnly || !extracted.note)) {
    throw documentError('DOCUMENT_HAS_NO_TEXT', 'No text to translate was found in the file.');
  }
  const budget = options.textOnly?.budget;
  // Text only is read as it is (by a chat model): the markers of inline codes go.
  const extractedSegments = options.textOnly
    ? extracted.segments.map((segment) => segment.replace(MARKERS, ''))
    : extracted.segments;
  const segments = budget === undefined ? extractedSegments : cutToBudget(extractedSegments, budget);
  // Characters of text, as a person counts them: an inline code's marker is not one.
  const characters = segments.reduce((sum, segment) => sum + segment.replace(MARKERS, '').length, 0);
  if (characters > limits.maxChars) {
    throw documentError(
      'DOCUMENT_TOO_LONG',
      `The document has ${formatCount(characters)} characters of text; the limit is ${formatCount(limits.maxChars)}. Split the file, or ask the server's operator to raise SEMA_DOC_MAX_CHARS (a large project's catalogue can hold several hundred thousand characters).`,
    );
  }
  const base = { format: adapter.format, segments, characters, baseName: baseNameOf(upload.fileName) };
  if (options.textOnly) {
    return {
      ...base,
      extension: 'txt',
      mimeType: 'text/plain',
      textual: true,
      truncated:
        segments.length < extractedSegments.length ||
        segments.at(-1) !== extractedSegments[segments.length - 1],
      rebuild: async (translations) => translations.join('\n'),
    };
  }
  const extension = extracted.output?.extension ?? (extensionOf(upload.fileName) || adapter.format);
  const [b0, b1, b2] = upload.bytes;
  const hasUtf8Bom = adapter.textual && b0 === 0xef && b1 === 0xbb && b2 === 0xbf;
  const wasUtf16 = adapter.textual && ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff));
  const note = [
    extracted.segments.length === 0 ? 'Nothing was left to translate; the file comes back as it was.' : '',
    wasUtf16 ? 'The file was UTF-16 text; it comes back as UTF-8.' : '',
    extracted.output?.note,
    extracted.note,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    ...base,
    extension,
    mimeType: extracted.output?.mimeType ?? adapter.mimeType,
    textual: adapter.textual || extracted.output !== undefined,
    ...(note ? { note } : {}),
    truncated: false,
    rebuild: async (translations) => {
      const out = await extracted.rebuild(translations);
      // A UTF-8 byte-order mark is kept (Trados' .sdlxliff and Windows tools write one).
      return hasUtf8Bom && typeof out === 'string' ? `\uFEFF${out}` : out;
    },
  };
}

/** The first segments that fit in `budget` characters; the one that crosses it is cut at a space. */
export function cutToBudget(segments: readonly string[], budget: number): string[] {
  const kept: string[] = [];
  let left = budget;
  for (const segment of segments) {
    if (segment.length <= left) {
      kept.push(segment);
      left -= segment.length;
      continue;
    }
    const cut = segment.slice(0, left);
    // Cut between words: at the budget when a space follows, else at the last space before it.
    const atSpace = /\s/.test(segment[left] ?? '') ? left : cut.lastIndexOf(' ');
    const piece = (atSpace > left / 2 ? cut.slice(0, atSpace) : cut).trim();
    if (piece) kept.push(piece);
    break;
  }
  return kept;
}

/** `C:\docs\report.final.docx` → `report.final`; never empty, no control characters. */
export function baseNameOf(fileName: string): string {
  const base = [...(fileName.split(/[\\/]/).pop() ?? '')]
    .filter((char) => !isControl(char))
    .join('')
    .trim();
  const dot = base.lastIndexOf('.');
  return (dot >= 0 ? base.slice(0, dot) : base).trim() || 'document';
}

function isControl(char: string): boolean {
  const code = char.codePointAt(0)!;
  return code < 0x20 || code === 0x7f;
}
