/**
 * The document formats and the plain values of the document contract (extensions, refusals, error
 * codes, headers), without schemas: the web app imports these without loading the schema builder.
 * `documents.ts` re-exports them beside the schemas.
 */

/**
 * Formats the server translates, each with the file extensions accepted for it (lower case, without
 * the dot; the first is the one named in messages). A PDF comes back as Markdown (its layout cannot
 * be rebuilt).
 */
const EXTENSIONS = {
  txt: ['txt', 'text'],
  md: ['md', 'markdown'],
  html: ['html', 'htm'],
  srt: ['srt'],
  vtt: ['vtt'],
  docx: ['docx'],
  json: ['json'],
  pdf: ['pdf'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  odt: ['odt'],
  ods: ['ods'],
  odp: ['odp'],
  epub: ['epub'],
  // Trados writes .sdlxliff and Phrase .mxliff: both XLIFF 1.2 with their own namespaces beside it.
  xliff: ['xlf', 'xliff', 'sdlxliff', 'mxliff'],
  po: ['po', 'pot'],
  arb: ['arb'],
  android: ['xml'],
  strings: ['strings'],
  stringsdict: ['stringsdict'],
  xcstrings: ['xcstrings'],
  yaml: ['yml', 'yaml'],
} satisfies Record<string, readonly string[]>;

export type DocumentFormat = keyof typeof EXTENSIONS;

/** File extensions accepted for each format. */
export const DOCUMENT_EXTENSIONS: Readonly<Record<DocumentFormat, readonly string[]>> = EXTENSIONS;

/** Every format, in the order the lists name them. */
export const DOCUMENT_FORMATS = Object.keys(EXTENSIONS) as readonly DocumentFormat[];

/** For `<input type="file" accept>`: every accepted extension with its dot. */
export const DOCUMENT_ACCEPT = Object.values(DOCUMENT_EXTENSIONS)
  .flat()
  .map((extension) => `.${extension}`)
  .join(',');

/** The extensions to name when a file is refused: '.txt, .md, … .arb, .xml, .strings, .stringsdict, .xcstrings, .yml'. */
export const SUPPORTED_DOCUMENT_TYPES = DOCUMENT_FORMATS.map(
  (format) => `.${DOCUMENT_EXTENSIONS[format][0]}`,
).join(', ');

/** Binary Office formats before 2007, and the format to save them as. */
const OLD_OFFICE_FORMATS: Readonly<Record<string, string>> = { xls: 'xlsx', ppt: 'pptx' };

/**
 * Why a file cannot be translated, judged by its name's extension, or undefined when it may be (a
 * name without an extension is left to the server, which reads the media type and the content).
 * The server refuses with the same words, and the web app says them as soon as the file is dropped.
 */
export function unsupportedDocumentReason(fileName: string): string | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if (!extension || Object.values(DOCUMENT_EXTENSIONS).some((known) => known.includes(extension)))
    return undefined;
  if (extension === 'doc')
    return 'Old Word .doc files are not supported; save the document as .docx and try again.';
  const modern = OLD_OFFICE_FORMATS[extension];
  return modern
    ? `Old binary .${extension} files are not supported; save the file as .${modern} and try again.`
    : `Files of type .${extension} are not supported. Supported: ${SUPPORTED_DOCUMENT_TYPES}.`;
}

/** Length of the plain-text preview in every answer. */
export const DOCUMENT_PREVIEW_CHARS = 1000;

/** Machine codes of the errors specific to documents (with their HTTP status). */
export const DOCUMENT_ERROR_CODES = {
  /** 400: the multipart request has no `file` part. */
  DOCUMENT_MISSING: 400,
  /** 413: the file is over the byte limit, or it expands (unzipped) past the safe size. */
  DOCUMENT_TOO_LARGE: 413,
  /** 413: the document holds more characters of text than the limit. */
  DOCUMENT_TOO_LONG: 413,
  /** 415: neither the name nor the content says which supported format this is. */
  UNSUPPORTED_DOCUMENT_TYPE: 415,
  /** 422: the content does not match the name (a `.docx` that is not a ZIP, binary data named `.txt`). */
  DOCUMENT_TYPE_MISMATCH: 422,
  /** 422: the file is damaged, malformed or hostile (bad JSON, broken ZIP, DTD entities, nesting too deep). */
  INVALID_DOCUMENT: 422,
  /** 422: nothing translatable was found (e.g. a scanned PDF with no text layer). */
  DOCUMENT_HAS_NO_TEXT: 422,
  /** 422: the source language was `auto` and could not be detected from the text. */
  DOCUMENT_LANGUAGE_UNDETECTED: 422,
} as const;
export type DocumentErrorCode = keyof typeof DOCUMENT_ERROR_CODES;

/** Response headers of the file variant (exposed to browsers through CORS). */
export const DOCUMENT_HEADERS = {
  sourceLanguage: 'X-Source-Language',
  targetLanguage: 'X-Target-Language',
  characters: 'X-Characters',
  processingTime: 'X-Processing-Time',
  /** Present when the result differs in kind from the upload (a PDF returned as Markdown), or units were left untranslated. */
  note: 'X-Document-Note',
} as const;
