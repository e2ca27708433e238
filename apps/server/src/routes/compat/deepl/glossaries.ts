/**
 * DeepL's glossary API v2 (`/v2/glossaries`, `/v2/glossary-language-pairs`) over Sema's stored
 * glossaries: what `deepl-node`'s createGlossary, listGlossaries, getGlossary, getGlossaryEntries and
 * deleteGlossary call. A glossary made here is the same one /api/v1/glossaries shows, and the other
 * way round.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CATALOGUE } from '@sema/shared/languages/catalogue';
import { GLOSSARY_LIMITS } from '@sema/shared/api/glossaries';
import { entriesToTsv, GlossaryInputError, parseEntries } from '../../../glossaries/entries.ts';
import type { GlossaryInfo } from '../../../glossaries/store.ts';
import type { Glossary } from '../../../translation/protected-spans.ts';
import { tenantOf, type Tenant } from '../../../lib/tenant.ts';
import { CompatError } from '../compat-errors.ts';
import { deeplLanguage, glossaryCode } from './languages.ts';
import { dictionaryFor } from './v3-glossaries.ts';

type Fields = Record<string, unknown>;

function infoBody(info: GlossaryInfo) {
  return {
    glossary_id: info.id,
    name: info.name,
    ready: true,
    source_lang: glossaryCode(info.source),
    target_lang: glossaryCode(info.target),
    creation_time: info.createdAt,
    entry_count: info.entryCount,
  };
}

const field = (fields: Fields, name: string) =>
  typeof fields[name] === 'string' ? (fields[name] as string).trim() : '';

/** A glossary needs both languages: `source_lang` is required here, unlike in a translation. */
function language(fields: Fields, name: 'source_lang' | 'target_lang'): string {
  const code = deeplLanguage(fields, name);
  if (!code) throw new CompatError(400, `Parameter '${name}' not specified.`);
  return code;
}

const notFound = () => new CompatError(404, 'Glossary not found.');

/**
 * A request's `glossary_id`, read as DeepL reads it: text, and only with `source_lang` (DeepL does
 * not apply a glossary to a detected language).
 */
export function glossaryId(id: unknown, source: string | undefined): string | undefined {
  if (id === undefined || id === '') return undefined;
  if (typeof id !== 'string') throw new CompatError(400, "Parameter 'glossary_id' must be text.");
  if (!source)
    throw new CompatError(400, "Use of a glossary requires the 'source_lang' parameter to be specified.");
  return id;
}

/** The stored glossary a document request's `glossary_id` names, checked against its pair by the text-translation service. */
export async function deeplGlossary(
  app: FastifyInstance,
  tenant: Tenant,
  id: unknown,
  source: string | undefined,
  target: string,
): Promise<Glossary | undefined> {
  const checked = glossaryId(id, source);
  if (!checked) return undefined;
  // A multilingual (v3) glossary's id names its dictionary of this pair.
  const dictionary = await dictionaryFor(app, tenant, checked, source!, target);
  const glossaryFor = await app.textTranslation.glossaryFor({ id: dictionary, tenant });
  return glossaryFor(source!, target);
}

export function deeplGlossaryRoutes(app: FastifyInstance): void {
  const route = { schema: { hide: true }, config: { policy: 'work' } } as const;
  const open = { schema: { hide: true }, config: { policy: 'open' } } as const;
  const fieldsOf = (body: unknown) => (body && typeof body === 'object' ? body : {}) as Fields;

  app.post('/v2/glossaries', route, async (request, reply) => {
    const fields = fieldsOf(request.body);
    const name = field(fields, 'name');
    if (!name) throw new CompatError(400, "Parameter 'name' not specified.");
    if (name.length > GLOSSARY_LIMITS.nameChars) {
      throw new CompatError(400, `Parameter 'name' is longer than ${GLOSSARY_LIMITS.nameChars} characters.`);
    }
    const source = language(fields, 'source_lang');
    const target = language(fields, 'target_lang');
    if (source === target) throw new CompatError(400, "'source_lang' and 'target_lang' must differ.");
    const format = field(fields, 'entries_format') || 'tsv';
    if (format !== 'tsv' && format !== 'csv')
      throw new CompatError(400, "Value for 'entries_format' not supported.");
    if (typeof fields.entries !== 'string') throw new CompatError(400, "Parameter 'entries' not specified.");
    let entries;
    try {
      entries = parseEntries(fields.entries, format);
    } catch (error) {
      if (error instanceof GlossaryInputError)
        throw new CompatError(400, `Invalid glossary ${error.message}`);
      throw error;
    }
    const stored = await app.glossaries.create({ owner: tenantOf(request), name, source, target, entries });
    return reply.code(201).send(infoBody(stored));
  });

  // A multilingual glossary (v3) is listed by its first dictionary, whose id is the glossary's.
  app.get('/v2/glossaries', route, async (request) => ({
    glossaries: (await app.glossaries.list(tenantOf(request))).filter((info) => !info.group).map(infoBody),
  }));

  app.get<{ Params: { id: string } }>('/v2/glossaries/:id', route, async (request) => {
    const stored = await app.glossaries.get(tenantOf(request), request.params.id);
    if (!stored) throw notFound();
    return infoBody(stored);
  });

  app.get<{ Params: { id: string } }>(
    '/v2/glossaries/:id/entries',
    route,
    async (request, reply: FastifyReply) => {
      const stored = await app.glossaries.get(tenantOf(request), request.params.id);
      if (!stored) throw notFound();
      return reply.type('text/tab-separated-values; charset=utf-8').send(entriesToTsv(stored.entries));
    },
  );

  app.delete<{ Params: { id: string } }>('/v2/glossaries/:id', route, async (request, reply) => {
    if (!(await app.glossaries.delete(tenantOf(request), request.params.id))) throw notFound();
    return reply.code(204).send();
  });

  // Every pair of different languages: about 40,000 pairs, built once.
  let pairs: { supported_languages: { source_lang: string; target_lang: string }[] } | undefined;
  app.get('/v2/glossary-language-pairs', open, async () => {
    pairs ??= {
      supported_languages: CATALOGUE.flatMap((source) =>
        CATALOGUE.filter((target) => target.code !== source.code).map((target) => ({
          source_lang: glossaryCode(source.code),
          target_lang: glossaryCode(target.code),
        })),
      ),
    };
    return pairs;
  });
}
