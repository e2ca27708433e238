/**
 * The bodies of LibreTranslate's work routes, as JSON, urlencoded forms and multipart forms bring
 * them (a form's values are strings, a repeated field a list). One object each: the route validates
 * with it, and `/spec` documents its fields from it. Fields clients add beyond these are let through.
 */
import { Type, type TObject } from '@sinclair/typebox';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

const apiKey = {
  api_key: Type.Optional(Type.String({ description: 'API key, when the server needs one' })),
  apiKey: Type.Optional(
    Type.String({ description: 'The API key as the npm libretranslate package names it' }),
  ),
};
const source = Type.String({ description: 'Source language code, or "auto" to detect it' });
const target = Type.String({ description: 'Target language code' });

export const TranslateBody = Type.Object(
  {
    q: Type.Union([Type.String(), Type.Array(Type.String())], {
      description: 'Text to translate, or a list of texts (a form repeats q)',
    }),
    source,
    target,
    format: Type.Optional(Type.String({ description: 'Format of the text: text (the default) or html' })),
    alternatives: Type.Optional(
      Type.Union([Type.Integer(), Type.String()], {
        description: 'How many alternative translations to add',
      }),
    ),
    ...apiKey,
  },
  { additionalProperties: true },
);

export const DetectBody = Type.Object(
  { q: Type.String({ description: 'Text whose language to detect' }), ...apiKey },
  { additionalProperties: true },
);

/** The fields of `/translate_file`'s multipart form beside its `file`. */
export const TranslateFileFields = Type.Object({ source, target, ...apiKey }, { additionalProperties: true });

/** What LibreTranslate says of a request its schema refuses: its own words for a missing field. */
export function ltInvalidRequest(errors: FastifySchemaValidationError[]): string {
  const error = errors[0];
  const params = (error?.params ?? {}) as Record<string, unknown>;
  if (error?.keyword === 'required')
    return `Invalid request: missing ${String(params.missingProperty)} parameter`;
  const name = error?.instancePath.split('/')[1];
  if (!name) return 'Invalid request: send the parameters as JSON or as a form';
  if (name === 'alternatives') return 'Invalid request: alternatives parameter is not a number';
  const list = errors.some((each) => each.keyword === 'anyOf' && each.instancePath === `/${name}`);
  return `Invalid request: ${name} must be a string${list ? ' or a list of strings' : ''}`;
}

/** The schema's fields as Swagger 2.0 form parameters, for `/spec`. */
export function formParameters(schema: TObject): Record<string, unknown>[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => ({
    in: 'formData',
    name,
    type: typeof property.type === 'string' ? property.type : 'string',
    required: required.has(name),
    description: property.description,
  }));
}
