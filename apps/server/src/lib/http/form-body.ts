import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Parses `application/x-www-form-urlencoded` bodies (as Weblate, SubtitleEdit and DeepL's clients
 * send them) into an object; a repeated field (`q=a&q=b`, `text=a&text=b`) becomes a list. Registered
 * only in the compatibility APIs' scopes: our own API takes JSON.
 */
export function acceptFormBodies(app: FastifyInstance, bodyLimit = 1024 * 1024): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      const form = new URLSearchParams(body as string);
      const fields: Record<string, string | string[]> = {};
      for (const key of new Set(form.keys())) {
        const values = form.getAll(key);
        fields[key] = values.length > 1 ? values : values[0]!;
      }
      done(null, fields);
    },
  );
}

/** A request's fields: from JSON, a urlencoded form, or a multipart form (values, and file parts). */
export type FormFields = Record<string, unknown>;

/** An uploaded file, as the multipart parser keeps it. */
export interface FilePart {
  type: 'file';
  filename: string;
  toBuffer(): Promise<Buffer>;
}

/** Accepts `multipart/form-data` with one file of at most `maxFileBytes` (file uploads of the compatibility APIs). */
export async function acceptMultipartForms(app: FastifyInstance, maxFileBytes: number): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: maxFileBytes, files: 1, fields: 20 },
  });
}

/**
 * The request's fields, from JSON, a urlencoded form (a repeated field as a list) or a multipart
 * form (a field's value, or the file part itself).
 */
export function formFields(request: FastifyRequest): FormFields {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  if (!request.isMultipart()) return body as FormFields;
  const fields: FormFields = {};
  for (const [key, value] of Object.entries(body)) {
    const part = (Array.isArray(value) ? value[0] : value) as { type?: string; value?: unknown } | undefined;
    if (part?.type === 'file') fields[key] = part;
    else if (part?.type === 'field') fields[key] = part.value;
  }
  return fields;
}

/** The uploaded file of a multipart form's `name` field, with its bytes; undefined if absent or empty. */
export async function uploadedFile(
  fields: FormFields,
  name = 'file',
): Promise<{ fileName: string; bytes: Uint8Array } | undefined> {
  const part = fields[name] as FilePart | undefined;
  if (part?.type !== 'file') return undefined;
  const bytes = await part.toBuffer();
  return bytes.length > 0 ? { fileName: part.filename, bytes: new Uint8Array(bytes) } : undefined;
}
