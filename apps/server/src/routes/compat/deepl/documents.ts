/**
 * DeepL's document API (`/v2/document`: upload, status, result) over Sema's document translation:
 * what `deepl-node`'s translateDocument calls. Every format Sema translates is accepted (txt, md,
 * html, srt, vtt, docx, xlsx, pptx, odt/ods/odp, epub, json, pdf → Markdown, and the localisation files: XLIFF, PO, ARB, Android and
 * Apple strings); the result is kept for a while after it is ready.
 */
import { tenantOf } from '../../../lib/tenant.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { DOCUMENT_EXTENSIONS, DOCUMENT_FORMATS, type DocumentFormat } from '@sema/shared/api/documents';
import type { DocumentJob } from '../../../documents/jobs.ts';
import { formFields, type FormFields } from '../../../lib/http/form-body.ts';
import { uploadOf } from '../../../lib/http/upload.ts';
import { CompatError } from '../compat-errors.ts';
import { deeplGlossary } from './glossaries.ts';
import { checkFormality, deeplLanguage } from './languages.ts';
import { DeeplDocumentFields } from './schemas.ts';

/** The one change of format Sema makes: a PDF comes back as Markdown (its layout cannot be rebuilt). */
const RETURNED_AS: Partial<Record<DocumentFormat, DocumentFormat>> = { pdf: 'md' };

/**
 * DeepL's `output_format` (a file extension): Sema converts no document into another format, so
 * it is refused, as DeepL refuses a conversion it cannot make, unless it names the format the
 * file comes back in anyway.
 */
function checkOutputFormat(fields: FormFields, fileName: string): void {
  const raw = fields.output_format;
  if (raw === undefined || raw === '') return;
  const wanted = typeof raw === 'string' ? raw.trim().toLowerCase().replace(/^\./, '') : '';
  const name = fileName.split(/[\\/]/).pop() ?? '';
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const format = DOCUMENT_FORMATS.find((known) => DOCUMENT_EXTENSIONS[known].includes(extension));
  const returned = format && (RETURNED_AS[format] ?? format);
  if (returned && DOCUMENT_EXTENSIONS[returned].includes(wanted)) return;
  throw new CompatError(
    400,
    returned
      ? `output_format not supported. This server returns this file as .${DOCUMENT_EXTENSIONS[returned][0]} and converts documents into no other format.`
      : 'output_format not supported. This server converts documents into no other format.',
  );
}

const STATES = { queued: 'queued', translating: 'translating', done: 'done', error: 'error' } as const;

export function deeplDocumentRoutes(app: FastifyInstance): void {
  const route = { schema: { hide: true }, config: { policy: 'work' } } as const;
  const { documents } = app;

  /** The job of `/v2/document/{id}…`, if the request carries its `document_key`. */
  const jobOf = async (id: string, fields: FormFields): Promise<DocumentJob> => {
    const key = typeof fields.document_key === 'string' ? fields.document_key : '';
    if (!key) throw new CompatError(400, "Parameter 'document_key' not specified.");
    // Any node's job: with REDIS_URL, a job started through another node is found there.
    const job = await documents.find(id, key);
    if (!job) throw new CompatError(404, 'Document not found.');
    return job;
  };

  app.post(
    '/v2/document',
    { ...route, schema: { ...route.schema, body: DeeplDocumentFields } },
    async (request) => {
      const fields = formFields(request);
      const file = uploadOf(request);
      if (!file?.bytes.length) throw new CompatError(400, "Parameter 'file' not specified.");
      const fileName =
        (typeof fields.filename === 'string' && fields.filename.trim()) || file.fileName || 'document.txt';
      const target = deeplLanguage(fields, 'target_lang')!;
      const source = deeplLanguage(fields, 'source_lang');
      checkFormality(fields);
      checkOutputFormat(fields, fileName);
      const glossary = await deeplGlossary(app, tenantOf(request), fields.glossary_id, source, target);
      const job = await documents.submit(
        request,
        {
          upload: { fileName, bytes: file.bytes },
          source: source ?? 'auto',
          target,
          ...(glossary ? { glossary: () => glossary } : {}),
          // /v2/usage counts what was delivered, documents as well as texts.
          onDelivered: (characters) => app.deeplUsage.add(characters),
        },
        { run: 'job' },
      );
      return { document_id: job.id, document_key: job.key };
    },
  );

  app.post<{ Params: { id: string } }>('/v2/document/:id', route, async (request) => {
    const job = await jobOf(request.params.id, formFields(request));
    const remaining = documents.secondsRemaining(job);
    return {
      document_id: job.id,
      status: STATES[job.state],
      ...(remaining !== undefined ? { seconds_remaining: remaining } : {}),
      ...(job.result ? { billed_characters: job.result.characters } : {}),
      // A Sema extra: what was left untranslated, so it is not lost on this surface either (issue 29).
      ...(job.result?.note ? { sema_note: job.result.note } : {}),
      ...(job.error ? { error_message: job.error } : {}),
    };
  });

  app.post<{ Params: { id: string } }>(
    '/v2/document/:id/result',
    route,
    async (request, reply: FastifyReply) => {
      const job = await jobOf(request.params.id, formFields(request));
      if (job.state === 'error')
        throw new CompatError(503, job.error ?? 'The document could not be translated.');
      // DeepL answers 503 while the document is still being translated.
      if (!job.result) throw new CompatError(503, 'Document translation is not yet complete.');
      return reply
        .type(job.result.mimeType)
        .header('Content-Disposition', contentDisposition(job.result.fileName))
        .send(job.result.body);
    },
  );
}
