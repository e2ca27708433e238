/**
 * The document-translation contract: `POST /api/v1/translate/document` (multipart upload).
 *
 * The answer depends on what the client accepts:
 * - by default, the translated file itself, named like `report.fr.docx`, with the metadata in
 *   the headers of {@link DOCUMENT_HEADERS};
 * - with `Accept: application/json`, one JSON object, {@link TranslateDocumentResponse};
 * - with `Accept: text/event-stream` or `?stream=1`, server-sent events, each one `data:` line of
 *   JSON: `progress` events ({@link DocumentProgressEvent}), then one `done` event carrying the same
 *   object as the JSON variant, or one `error` event. Bad files are refused with an ordinary JSON
 *   error before the stream starts; only failures during translation arrive as `error` events.
 */
import { Type, type Static } from '@sinclair/typebox';
import { TRANSLATE_DOCUMENT_RESPONSE_EXAMPLE } from './examples.ts';

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

/** The text fields of the multipart form (the file goes in the part named `file`). */
export const TranslateDocumentFields = Type.Object(
  {
    target_language: Type.String({ description: 'NLLB-200 language code to translate into, e.g. fra_Latn' }),
    source_language: Type.Optional(
      Type.String({
        description: 'Language of the document, or auto (default) to detect it',
        default: 'auto',
      }),
    ),
    output: Type.Optional(
      Type.Union([Type.Literal('document'), Type.Literal('text')], {
        description:
          'document (default): the same format back. text: only the translated text as plain text, e.g. as context for a chat',
        default: 'document',
      }),
    ),
    needs_review: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], {
        description:
          'Localisation files: true (default) marks the machine translations for review (PO `#, fuzzy`, XLIFF 1.2 state needs-review-translation); false marks them translated',
        default: 'true',
      }),
    ),
    max_chars: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'With output=text: translate only the first max_chars characters of text (whole paragraphs, the last one cut); `truncated` says when text was left out',
      }),
    ),
  },
  { $id: 'TranslateDocumentFields' },
);
export type TranslateDocumentFields = Static<typeof TranslateDocumentFields>;

export const TranslateDocumentQuery = Type.Object(
  {
    stream: Type.Optional(
      Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')], {
        description: 'stream=1 answers with server-sent progress events, like Accept: text/event-stream',
      }),
    ),
  },
  { $id: 'TranslateDocumentQuery' },
);
export type TranslateDocumentQuery = Static<typeof TranslateDocumentQuery>;

export const TranslateDocumentResponse = Type.Object(
  {
    file_name: Type.String({ description: 'Name for the translated file, e.g. report.fr.docx' }),
    format: Type.Union(
      DOCUMENT_FORMATS.map((format) => Type.Literal(format)),
      { description: 'The format the upload was read as' },
    ),
    mime_type: Type.String({ description: 'Media type of the translated file' }),
    text: Type.Optional(
      Type.String({ description: 'The translated document, for text formats (not ZIP packages)' }),
    ),
    content_base64: Type.Optional(
      Type.String({
        description:
          'The translated document, base64, for ZIP packages (docx, xlsx, pptx, odt, ods, odp, epub)',
      }),
    ),
    source_language: Type.String({
      description: 'The source language; the detected one when auto was asked',
    }),
    target_language: Type.String(),
    characters: Type.Integer({ description: 'Characters of text that were translated' }),
    processing_time: Type.Number({ description: 'Seconds spent on the server' }),
    note: Type.Optional(
      Type.String({
        description:
          'Why the result differs in kind from the upload (PDF → Markdown), or which units were left untranslated and why (XLIFF, PO)',
      }),
    ),
    preview: Type.String({
      description: `The start of the translated text as plain text (at most ${DOCUMENT_PREVIEW_CHARS} characters), for showing`,
    }),
    truncated: Type.Boolean({ description: 'True when max_chars left part of the text out' }),
  },
  {
    $id: 'TranslateDocumentResponse',
    examples: [TRANSLATE_DOCUMENT_RESPONSE_EXAMPLE],
  },
);
export type TranslateDocumentResponse = Static<typeof TranslateDocumentResponse>;

/** Sent while translating; `done` and `total` count characters of text. */
export const DocumentProgressEvent = Type.Object(
  {
    type: Type.Literal('progress'),
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  },
  { $id: 'DocumentProgressEvent' },
);
export type DocumentProgressEvent = Static<typeof DocumentProgressEvent>;

export const DocumentDoneEvent = Type.Composite(
  [Type.Object({ type: Type.Literal('done') }), TranslateDocumentResponse],
  {
    $id: 'DocumentDoneEvent',
  },
);
export type DocumentDoneEvent = Static<typeof DocumentDoneEvent>;

export const DocumentErrorEvent = Type.Object(
  {
    type: Type.Literal('error'),
    detail: Type.String(),
    code: Type.String(),
    status: Type.Integer({ description: 'The HTTP status this error would have had' }),
  },
  { $id: 'DocumentErrorEvent' },
);
export type DocumentErrorEvent = Static<typeof DocumentErrorEvent>;

/** What the event stream carries, discriminated by `type`. */
export type DocumentEvent = DocumentProgressEvent | DocumentDoneEvent | DocumentErrorEvent;
