import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '@sema/shared/api/schemas';
import {
  GLOSSARY_LIMITS,
  GlossaryCreateRequest,
  type GlossaryInfo,
  GlossaryListResponse,
  GlossaryReplaceRequest,
  GlossaryResponse,
} from '@sema/shared/api/glossaries';
import { Type, type TSchema } from '@sinclair/typebox';
import {
  entriesFromObject,
  GlossaryInputError,
  parseEntries,
  type GlossaryEntry,
} from '../../../../glossaries/entries.ts';
import type { GlossaryInfo as StoredInfo, StoredGlossary } from '../../../../glossaries/store.ts';
import { ApiError } from '../../../../lib/errors.ts';
import { sourceLanguage, targetLanguage } from '../../../../lib/language-fields.ts';
import { SHARED_TENANT, tenantOf } from '../../../../lib/tenant.ts';

const errors = {
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  503: ErrorResponse,
};
/** The path of one glossary, here and on the operator's routes. */
export const GlossaryParams = Type.Object({ id: Type.String() });

const invalid = (detail: string) => new ApiError(422, 'VALIDATION_ERROR', detail);

function entriesOf(
  entries: GlossaryCreateRequest['entries'],
  format: 'tsv' | 'csv' = 'tsv',
): GlossaryEntry[] {
  try {
    return typeof entries === 'string' ? parseEntries(entries, format) : entriesFromObject(entries);
  } catch (error) {
    if (error instanceof GlossaryInputError) throw invalid(error.message);
    throw error;
  }
}

function nameOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid('name: a glossary needs a name');
  if (trimmed.length > GLOSSARY_LIMITS.nameChars) {
    throw invalid(`name: at most ${GLOSSARY_LIMITS.nameChars} characters`);
  }
  return trimmed;
}

export const notFound = (id: string) =>
  new ApiError(404, 'GLOSSARY_NOT_FOUND', `No glossary "${id.slice(0, 64)}" on this server`);

export function infoBody(info: StoredInfo): GlossaryInfo {
  return {
    id: info.id,
    name: info.name,
    source_language: info.source,
    target_language: info.target,
    entry_count: info.entryCount,
    created_at: info.createdAt,
    updated_at: info.updatedAt,
    shared: info.owner === SHARED_TENANT,
  };
}

export const body = (glossary: StoredGlossary): GlossaryResponse => ({
  ...infoBody(glossary),
  entries: Object.fromEntries(glossary.entries),
});

/** /api/v1/glossaries: stored glossaries, one language pair each, used with `glossary_id`. */
const glossaries: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['glossaries'];
  /** A route on one glossary (`/:id`): whoever made it (or anyone, if shared) may read it. */
  const oneGlossary = <R extends Record<number, TSchema>, B extends { body?: TSchema }>(
    summary: string,
    response: R,
    body: B,
  ) => ({
    config: { policy: 'work' as const },
    schema: { tags, summary, params: GlossaryParams, ...body, response: { ...response, ...errors } },
  });

  app.post(
    '/',
    {
      config: { policy: 'work' },
      schema: {
        tags,
        summary: 'Store a glossary',
        description: `Terms with fixed translations for one language pair (at most ${GLOSSARY_LIMITS.entries} entries). Translate with it by passing its id as glossary_id.`,
        body: GlossaryCreateRequest,
        response: { 201: GlossaryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { name, entries, entries_format } = request.body;
      const source = sourceLanguage(request.body.source_language);
      if (source === 'auto') throw invalid('source_language: a glossary needs a language, not auto');
      const target = targetLanguage(request.body.target_language);
      if (source === target) throw invalid('target_language: must differ from source_language');
      const stored = await app.glossaries.create({
        owner: tenantOf(request),
        name: nameOf(name),
        source,
        target,
        entries: entriesOf(entries, entries_format),
      });
      return reply.code(201).header('Location', `/api/v1/glossaries/${stored.id}`).send(body(stored));
    },
  );

  app.get(
    '/',
    {
      config: { policy: 'work' },
      schema: {
        tags,
        summary: 'List your glossaries and the shared ones',
        description:
          "With API keys on, a key (or the web app's session) lists the glossaries it made, and those the operator shared; no other key's.",
        response: { 200: GlossaryListResponse, 503: ErrorResponse },
      },
    },
    async (request) => ({ glossaries: (await app.glossaries.list(tenantOf(request))).map(infoBody) }),
  );

  app.get(
    '/:id',
    oneGlossary('A glossary with its entries', { 200: GlossaryResponse }, {}),
    async (request) => {
      const stored = await app.glossaries.get(tenantOf(request), request.params.id);
      if (!stored) throw notFound(request.params.id);
      return body(stored);
    },
  );

  app.put(
    '/:id',
    oneGlossary(
      "Replace a glossary's entries (and name)",
      { 200: GlossaryResponse },
      { body: GlossaryReplaceRequest },
    ),
    async (request) => {
      const { id } = request.params;
      const tenant = tenantOf(request);
      const current = await app.glossaries.get(tenant, id);
      if (!current) throw notFound(id);
      const { name, entries, entries_format } = request.body;
      const replaced = await app.glossaries.replace(tenant, id, {
        name: name === undefined ? current.name : nameOf(name),
        entries: entriesOf(entries, entries_format),
      });
      if (!replaced) throw notFound(id);
      return body(replaced);
    },
  );

  app.delete('/:id', oneGlossary('Delete a glossary', { 204: Type.Null() }, {}), async (request, reply) => {
    if (!(await app.glossaries.delete(tenantOf(request), request.params.id))) {
      throw notFound(request.params.id);
    }
    return reply.code(204).send(null);
  });
};

export default glossaries;
