import type { FastifyInstance } from 'fastify';

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
