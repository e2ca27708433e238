/**
 * The bodies of DeepL's text and document routes, as forms (deepl-node's urlencoded and multipart
 * posts) and JSON bring them: one object per route, which validates it. Only the fields Sema reads
 * are typed; DeepL's others (`context`, `split_sentences`, `preserve_formatting` …) are let through.
 */
import { Type } from '@sinclair/typebox';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

const language = (description: string) => Type.String({ description });
const common = {
  source_lang: Type.Optional(language('Source language (DeepL code); detected when absent')),
  target_lang: language('Target language (DeepL code, e.g. DE, EN-GB, PT-BR)'),
  glossary_id: Type.Optional(Type.String({ description: 'A stored glossary for the language pair' })),
  formality: Type.Optional(Type.String({ description: 'default, prefer_more or prefer_less' })),
};

export const DeeplTranslateBody = Type.Object(
  {
    text: Type.Union([Type.String(), Type.Array(Type.String(), { minItems: 1 })], {
      description: 'Text to translate; a form repeats it, JSON may send a list',
    }),
    ...common,
    tag_handling: Type.Optional(Type.String({ description: 'html or xml' })),
    ignore_tags: Type.Optional(
      Type.Union([Type.String(), Type.Array(Type.String())], { description: 'Tags whose content is kept' }),
    ),
  },
  { additionalProperties: true },
);

/** The fields of `/v2/document`'s multipart form beside its `file`. */
export const DeeplDocumentFields = Type.Object(
  {
    ...common,
    filename: Type.Optional(Type.String({ description: "The file's name, if the part does not carry it" })),
    output_format: Type.Optional(Type.String({ description: 'Only the format the file comes back in' })),
  },
  { additionalProperties: true },
);

/** What DeepL says of a request its schema refuses, in DeepL's words. */
export function deeplInvalidRequest(errors: FastifySchemaValidationError[]): string {
  const error = errors[0];
  const params = (error?.params ?? {}) as Record<string, unknown>;
  if (error?.keyword === 'required') return `Parameter '${String(params.missingProperty)}' not specified.`;
  const name = error?.instancePath.split('/')[1];
  if (!name) return "Parameter 'text' not specified.";
  if (name === 'text' && errors.some((each) => each.keyword === 'minItems')) {
    return "Parameter 'text' not specified.";
  }
  return `Value for '${name}' not supported.`;
}
