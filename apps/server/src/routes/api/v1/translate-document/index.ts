import { tenantOf } from '../../../../lib/tenant.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_HEADERS,
  TranslateDocumentQuery,
  TranslateDocumentResponse,
} from '@sema/shared/api/documents';
import { ErrorResponse } from '@sema/shared/api/schemas';
import { formatBytes } from '../../../../lib/format-bytes.ts';
import { ApiError } from '../../../../lib/errors.ts';
import { clientGoneSignal } from '../../../../lib/http/client-gone.ts';
import { acceptUploads } from '../../../../lib/http/upload.ts';
import { readDocumentRequest } from './request.ts';
import { responseMode, sendEvents, sendFile, toJson, type ReadingId } from './respond.ts';
import type { TranslatedDocument } from '../../../../documents/document-translator.ts';
import { ENGLISH } from '@sema/shared/languages/english';

/** POST /api/v1/translate/document: translate a whole file and get the same format back. */
const translateDocument: FastifyPluginAsyncTypebox = async (app) => {
  const { documents } = app;
  const { limits } = documents;

  // Multipart is read only in this route's scope; anything else is refused with this route's own message.
  await acceptUploads(app, { maxFileBytes: limits.maxFileBytes, fields: 10, fieldSize: 1024 });
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(
      new ApiError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the document as multipart/form-data, with the file in a part named "file".',
      ),
    );
  });

  app.post(
    '/',
    {
      config: { policy: 'work' },
      schema: {
        tags: ['documents'],
        summary: 'Translate a document',
        consumes: ['multipart/form-data'],
        description: [
          'Multipart form: `file` (the document), `target_language` (required), `source_language` (optional, default `auto`),',
          'optionally `glossary_id` (a stored glossary for the language pair, see /api/v1/glossaries),',
          'and optionally `output=text` (only the translated text, as plain text, e.g. as a chat context) with `max_chars` (translate only that much).',
          'Localisation files (XLIFF, PO): `needs_review=false` marks the translations translated instead of for review (PO `fuzzy`).',
          `Formats: ${DOCUMENT_ACCEPT}. Structure is kept and only human text is translated: subtitle timings, Markdown and HTML markup,`,
          'code, JSON keys and placeholders ({name}, {{count}}, %s), and Word styles, tables and images are left as they were.',
          'XLIFF and PO: each untranslated unit gets a target (ids, notes, inline codes, msgctxt, comments kept; plural forms and',
          'the target language set); units marked translate="no" or already translated are left alone, and the note says how many.',
          'A PDF comes back as Markdown (its layout cannot be rebuilt), with a note saying so.',
          '',
          'The answer depends on `Accept`: by default the translated file, named like `report.fr.docx`, with',
          `\`${DOCUMENT_HEADERS.sourceLanguage}\`, \`${DOCUMENT_HEADERS.targetLanguage}\`, \`${DOCUMENT_HEADERS.characters}\`,`,
          `\`${DOCUMENT_HEADERS.processingTime}\` and, for a PDF or units left untranslated, \`${DOCUMENT_HEADERS.note}\` headers;`,
          'with `Accept: application/json` the JSON below (`text`, or `content_base64` for docx, xlsx, pptx, OpenDocument and epub); with `Accept: text/event-stream`',
          'or `?stream=1`, server-sent events, each a `data:` line of JSON: `{"type":"progress","done","total"}` (characters),',
          'then `{"type":"done", …the JSON below}` or `{"type":"error","detail","code","status"}`.',
          '',
          `Limits: ${formatBytes(limits.maxFileBytes)} per file, ${limits.maxChars.toLocaleString('en-US')} characters of text (413 beyond).`,
          'Unsupported type: 415. A file whose content does not match its name, a damaged or hostile file (zip bomb, DTD entities,',
          'JSON nested too deep), or one without text (a scanned PDF): 422, with a detail saying which.',
        ].join('\n'),
        querystring: TranslateDocumentQuery,
        response: {
          200: {
            description: 'The translated document (see above for the three forms)',
            content: {
              'application/json': { schema: TranslateDocumentResponse },
              'text/event-stream': {
                schema: Type.String({ description: 'Progress events, then done or error' }),
              },
              'application/octet-stream': {
                schema: Type.String({ format: 'binary', description: 'The translated file' }),
              },
            },
          },
          400: ErrorResponse,
          404: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const startedAt = performance.now();
      const { upload, source, target, options, glossaryId } = readDocumentRequest(request);
      const glossary = await app.textTranslation.glossaryFor({ id: glossaryId, tenant: tenantOf(request) });
      const submission = { upload, source, target, options, glossary };
      // The client went away before the translation was complete: stop the engine work.
      const clientGone = clientGoneSignal(reply);
      const mode = responseMode(request.query, request.headers.accept);
      // Read in English as plain text: kept for the chat turn about it, which names it by its id.
      const readingOf = async (document: TranslatedDocument): Promise<ReadingId> =>
        options.textOnly && document.target === ENGLISH && typeof document.body === 'string'
          ? {
              reading_id: await documents.readings.keep(tenantOf(request), {
                fileName: upload.fileName,
                english: document.body,
                truncated: document.truncated,
              }),
            }
          : {};
      if (mode === 'events')
        return sendEvents(app, request, reply, submission, { clientGone, startedAt, readingOf });
      // Checked, charged and run through the one submission path; a failure is refunded there.
      const { result } = await documents.submit(request, submission, { run: 'inline', signal: clientGone });
      const document = await result;
      if (mode === 'json')
        return reply.type('application/json').send(toJson(document, startedAt, await readingOf(document)));
      return sendFile(reply, document, startedAt);
    },
  );
};

export default translateDocument;
