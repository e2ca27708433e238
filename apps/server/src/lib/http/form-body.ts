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

/** A request's fields: from JSON, a urlencoded form, or a multipart form (see `upload.ts`). */
export type FormFields = Record<string, unknown>;

/**
 * The request's fields, from JSON, a urlencoded form or a multipart form (both read into plain
 * fields, a repeated field as a list; a multipart form's file is `uploadOf(request)`).
 */
export function formFields(request: FastifyRequest): FormFields {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return body as FormFields;
}
