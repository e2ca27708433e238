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
import { DOCUMENT_FORMATS, DOCUMENT_PREVIEW_CHARS } from './document-formats.ts';
import { ProcessingTime, TRANSLATED_PAIR_FIELDS } from './schemas.ts';

export * from './document-formats.ts';

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
    ...TRANSLATED_PAIR_FIELDS,
    characters: Type.Integer({ description: 'Characters of text that were translated' }),
    processing_time: ProcessingTime,
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
    reading_id: Type.Optional(
      Type.String({
        description:
          'With output=text and an English target: the id a chat turn names this text by (POST /api/v1/chat/translated, `document: {"id": …}`), instead of sending it back; kept for an hour, for the same API key',
      }),
    ),
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
    seconds_left: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'An estimate of the seconds left, from the pace so far (absent before the first characters are done)',
      }),
    ),
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
