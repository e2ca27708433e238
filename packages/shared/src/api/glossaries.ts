/**
 * The stored-glossary contract, `/api/v1/glossaries`: create (JSON entries, or a TSV/CSV file's
 * text), list, get, replace, delete. A glossary belongs to one language pair; translate requests
 * use it with `glossary_id`.
 */
import { Type, type Static } from '@sinclair/typebox';

/**
 * The one set of glossary limits: a stored glossary holds up to `entries` entries, a translate
 * request's own `glossary` up to `requestTerms`; terms and translations have the same limits in both.
 */
export const GLOSSARY_LIMITS = {
  entries: 10_000,
  requestTerms: 100,
  termChars: 100,
  translationChars: 200,
  nameChars: 200,
} as const;

const entriesDescription =
  'The entries: an object {"term": "translation"} (a term mapped to itself is never translated), or the text of a TSV or CSV file (term, translation per line) with entries_format';

export const GlossaryCreateRequest = Type.Object(
  {
    name: Type.String({ description: `A name for people (at most ${GLOSSARY_LIMITS.nameChars} characters)` }),
    source_language: Type.String({ description: 'The language of the terms (a code, not auto)' }),
    target_language: Type.String({ description: 'The language of the translations' }),
    entries: Type.Union([Type.Record(Type.String(), Type.String()), Type.String()], {
      description: entriesDescription,
    }),
    entries_format: Type.Optional(
      Type.Union([Type.Literal('tsv'), Type.Literal('csv')], {
        description: 'How a text `entries` is written (default tsv)',
      }),
    ),
  },
  {
    $id: 'GlossaryCreateRequest',
    examples: [
      {
        name: 'Clinic',
        source_language: 'eng_Latn',
        target_language: 'swh_Latn',
        entries: { clinic: 'zahanati', Sema: 'Sema' },
      },
    ],
  },
);
export type GlossaryCreateRequest = Static<typeof GlossaryCreateRequest>;

export const GlossaryReplaceRequest = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'A new name (the old one is kept if absent)' })),
    entries: GlossaryCreateRequest.properties.entries,
    entries_format: GlossaryCreateRequest.properties.entries_format,
  },
  { $id: 'GlossaryReplaceRequest' },
);
export type GlossaryReplaceRequest = Static<typeof GlossaryReplaceRequest>;

const glossaryInfoFields = {
  id: Type.String({ description: 'The glossary id, for glossary_id in translate requests' }),
  name: Type.String(),
  source_language: Type.String({ description: 'NLLB code' }),
  target_language: Type.String({ description: 'NLLB code' }),
  entry_count: Type.Integer(),
  created_at: Type.String({ description: 'ISO 8601' }),
  updated_at: Type.String({ description: 'ISO 8601' }),
  shared: Type.Boolean({
    description:
      "True for a glossary the server's operator shared with everyone: usable by every key, changed only by the operator",
  }),
};

export const GlossaryInfo = Type.Object(glossaryInfoFields, { $id: 'GlossaryInfo' });
export type GlossaryInfo = Static<typeof GlossaryInfo>;

export const GlossaryResponse = Type.Object(
  { ...glossaryInfoFields, entries: Type.Record(Type.String(), Type.String()) },
  { $id: 'GlossaryResponse' },
);
export type GlossaryResponse = Static<typeof GlossaryResponse>;

export const GlossaryListResponse = Type.Object(
  { glossaries: Type.Array(GlossaryInfo) },
  { $id: 'GlossaryListResponse' },
);
export type GlossaryListResponse = Static<typeof GlossaryListResponse>;
