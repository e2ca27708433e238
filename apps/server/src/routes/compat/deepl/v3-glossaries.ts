/**
 * DeepL's multilingual glossaries (API v3, `/v3/glossaries`): a glossary with a name and one
 * dictionary per language pair, what `deepl-node`'s `createMultilingualGlossary`, `…Dictionary…`
 * methods and Weblate's DeepL machinery call. Kept in the same store as every other glossary: each
 * dictionary is one stored glossary of one pair with the glossary's name, the first one's id is the
 * glossary's id, and the others name it as their `group` (glossaries/store.ts). So a glossary of
 * one pair made through /v2/glossaries or /api/v1/glossaries is a v3 glossary of one dictionary
 * with the same id, and a v3 glossary's id works as `glossary_id` in /v2/translate and documents,
 * which pick the dictionary of the request's pair (`dictionaryFor`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GLOSSARY_LIMITS } from '@sema/shared/api/glossaries';
import {
  entriesToTsv,
  GlossaryInputError,
  parseEntries,
  type GlossaryEntry,
} from '../../../glossaries/entries.ts';
import type { GlossaryInfo } from '../../../glossaries/store.ts';
import { tenantOf, type Tenant } from '../../../lib/tenant.ts';
import { CompatError } from '../compat-errors.ts';
import { deeplLanguage, glossaryCode } from './languages.ts';

type Fields = Record<string, unknown>;

/** A dictionary as a request gives it: its pair (catalogue codes) and entries. */
interface DictionaryInput {
  source: string;
  target: string;
  entries: GlossaryEntry[];
}

/** The multilingual glossary a stored glossary is a dictionary of. */
const groupOf = (info: GlossaryInfo) => info.group ?? info.id;

const notFound = () => new CompatError(404, 'Glossary not found.');
const dictionaryNotFound = () => new CompatError(404, 'Glossary dictionary not found.');

/**
 * The tenant's glossaries grouped into multilingual ones, by id: the first dictionary first (its
 * name and creation time are the glossary's), then the others in the store's order (by creation).
 */
async function glossariesOf(app: FastifyInstance, tenant: Tenant): Promise<Map<string, GlossaryInfo[]>> {
  const groups = new Map<string, GlossaryInfo[]>();
  for (const info of await app.glossaries.list(tenant)) {
    const id = groupOf(info);
    const dictionaries = groups.get(id) ?? [];
    if (info.id === id) dictionaries.unshift(info);
    else dictionaries.push(info);
    groups.set(id, dictionaries);
  }
  return groups;
}

/** The dictionaries of the tenant's glossary `id` (glossariesOf); empty when it has none. */
async function dictionariesOf(app: FastifyInstance, tenant: Tenant, id: string): Promise<GlossaryInfo[]> {
  return (await glossariesOf(app, tenant)).get(id) ?? [];
}

/**
 * The stored glossary to translate `source` → `target` with, for a `glossary_id` that may name a
 * multilingual glossary: its dictionary of that pair, else the id as given (a glossary of one pair,
 * whose pair the text-translation service checks and refuses in words, or an unknown id).
 */
export async function dictionaryFor(
  app: FastifyInstance,
  tenant: Tenant,
  id: string,
  source: string,
  target: string,
): Promise<string> {
  const dictionaries = await dictionariesOf(app, tenant, id);
  const match = dictionaries.find((info) => info.source === source && info.target === target);
  return match?.id ?? id;
}

/** `entries` in `tsv` (the default) or `csv`, refused in DeepL's words when malformed. */
function entriesOf(fields: Fields, where: string): GlossaryEntry[] {
  const format = typeof fields.entries_format === 'string' ? fields.entries_format.trim() || 'tsv' : 'tsv';
  if (format !== 'tsv' && format !== 'csv')
    throw new CompatError(400, `Value for '${where}entries_format' not supported.`);
  if (typeof fields.entries !== 'string')
    throw new CompatError(400, `Parameter '${where}entries' not specified.`);
  try {
    return parseEntries(fields.entries, format);
  } catch (error) {
    if (error instanceof GlossaryInputError) throw new CompatError(400, `Invalid glossary ${error.message}`);
    throw error;
  }
}

/** Both languages of a dictionary, as catalogue codes; they must differ. */
function pairOf(fields: Fields, where: string): { source: string; target: string } {
  const language = (name: 'source_lang' | 'target_lang') => {
    const code = deeplLanguage(fields, name);
    if (!code) throw new CompatError(400, `Parameter '${where}${name}' not specified.`);
    return code;
  };
  const source = language('source_lang');
  const target = language('target_lang');
  if (source === target)
    throw new CompatError(400, `'${where}source_lang' and '${where}target_lang' must differ.`);
  return { source, target };
}

/**
 * A request's `dictionaries`: a JSON list, or a form's `dictionaries[0].source_lang`,
 * `dictionaries[0].entries` … fields (as deepl-node sends them).
 */
function dictionaryFields(fields: Fields): Fields[] {
  if (Array.isArray(fields.dictionaries)) {
    return fields.dictionaries.map((item) => (item && typeof item === 'object' ? (item as Fields) : {}));
  }
  const byIndex = new Map<number, Fields>();
  for (const [key, value] of Object.entries(fields)) {
    const match = /^dictionaries\[(\d{1,3})\]\.(\w+)$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    if (!byIndex.has(index)) byIndex.set(index, {});
    byIndex.get(index)![match[2]!] = value;
  }
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
}

function dictionariesOfRequest(fields: Fields): DictionaryInput[] {
  const dictionaries = dictionaryFields(fields).map((item, index) => {
    const where = `dictionaries[${index}].`;
    return { ...pairOf(item, where), entries: entriesOf(item, where) };
  });
  const pairs = new Set(dictionaries.map(({ source, target }) => `${source}>${target}`));
  if (pairs.size < dictionaries.length)
    throw new CompatError(400, 'A glossary has one dictionary per language pair.');
  return dictionaries;
}

function nameOf(fields: Fields): string {
  const name = typeof fields.name === 'string' ? fields.name.trim() : '';
  if (!name) throw new CompatError(400, "Parameter 'name' not specified.");
  if (name.length > GLOSSARY_LIMITS.nameChars)
    throw new CompatError(400, `Parameter 'name' is longer than ${GLOSSARY_LIMITS.nameChars} characters.`);
  return name;
}

const dictionaryBody = (info: Pick<GlossaryInfo, 'source' | 'target' | 'entryCount'>) => ({
  source_lang: glossaryCode(info.source),
  target_lang: glossaryCode(info.target),
  entry_count: info.entryCount,
});

/** A glossary as DeepL's v3 shows it; `dictionaries` non-empty, first made first. */
function glossaryBody(id: string, dictionaries: GlossaryInfo[]) {
  const first = dictionaries[0]!;
  return {
    glossary_id: id,
    name: first.name,
    dictionaries: dictionaries.map(dictionaryBody),
    creation_time: first.createdAt,
  };
}

/** Entries merged as DeepL's PATCH merges them: a new entry replaces the one with the same term. */
function merged(current: readonly GlossaryEntry[], added: readonly GlossaryEntry[]): GlossaryEntry[] {
  const byTerm = new Map(current.map((entry) => [entry[0], entry]));
  for (const entry of added) byTerm.set(entry[0], entry);
  return [...byTerm.values()];
}

export function deeplV3GlossaryRoutes(app: FastifyInstance): void {
  const route = { schema: { hide: true }, config: { policy: 'work' } } as const;
  const fieldsOf = (request: FastifyRequest) =>
    (request.body && typeof request.body === 'object' ? request.body : {}) as Fields;
  const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Fields;

  /** The glossary's dictionaries, or DeepL's 404. */
  const existing = async (tenant: Tenant, id: string) => {
    const dictionaries = await dictionariesOf(app, tenant, id);
    if (dictionaries.length === 0) throw notFound();
    return dictionaries;
  };

  /** Adds or changes the dictionary of a pair: its entries replaced, or merged into (PATCH). */
  const putDictionary = async (
    tenant: Tenant,
    id: string,
    dictionaries: GlossaryInfo[],
    input: DictionaryInput,
    how: 'replace' | 'merge',
  ) => {
    const current = dictionaries.find((info) => info.source === input.source && info.target === input.target);
    const name = dictionaries[0]!.name;
    if (!current) {
      return app.glossaries.create({ owner: tenant, name, ...input, group: id });
    }
    const stored = await app.glossaries.get(tenant, current.id);
    if (!stored) throw dictionaryNotFound();
    const entries = how === 'merge' ? merged(stored.entries, input.entries) : input.entries;
    return (await app.glossaries.replace(tenant, current.id, { name, entries })) ?? stored;
  };

  app.post('/v3/glossaries', route, async (request, reply) => {
    const fields = fieldsOf(request);
    const name = nameOf(fields);
    const dictionaries = dictionariesOfRequest(fields);
    if (dictionaries.length === 0) throw new CompatError(400, "Parameter 'dictionaries' not specified.");
    const owner = tenantOf(request);
    const [first, ...others] = dictionaries;
    const made = [await app.glossaries.create({ owner, name, ...first! })];
    try {
      for (const dictionary of others) {
        made.push(await app.glossaries.create({ owner, name, ...dictionary, group: made[0]!.id }));
      }
    } catch (error) {
      // All or nothing: a glossary is not left half made (a limit reached at its third dictionary).
      for (const info of made) await app.glossaries.delete(owner, info.id).catch(() => false);
      throw error;
    }
    return reply.code(201).send(glossaryBody(made[0]!.id, made));
  });

  app.get('/v3/glossaries', route, async (request) => ({
    glossaries: [...(await glossariesOf(app, tenantOf(request)))].map(([id, dictionaries]) =>
      glossaryBody(id, dictionaries),
    ),
  }));

  app.get<{ Params: { id: string } }>('/v3/glossaries/:id', route, async (request) =>
    glossaryBody(request.params.id, await existing(tenantOf(request), request.params.id)),
  );

  app.get<{ Params: { id: string } }>('/v3/glossaries/:id/entries', route, async (request) => {
    const tenant = tenantOf(request);
    const dictionaries = await existing(tenant, request.params.id);
    const { source, target } = pairOf(queryOf(request), '');
    const info = dictionaries.find((each) => each.source === source && each.target === target);
    const stored = info && (await app.glossaries.get(tenant, info.id));
    if (!stored) throw dictionaryNotFound();
    return {
      dictionaries: [
        { ...dictionaryBody(stored), entries: entriesToTsv(stored.entries), entries_format: 'tsv' },
      ],
    };
  });

  // Name and dictionaries changed: a dictionary given is merged into the one of its pair (or added).
  app.patch<{ Params: { id: string } }>('/v3/glossaries/:id', route, async (request) => {
    const tenant = tenantOf(request);
    const id = request.params.id;
    let dictionaries = await existing(tenant, id);
    const fields = fieldsOf(request);
    const changes = dictionariesOfRequest(fields);
    const name = fields.name === undefined ? undefined : nameOf(fields);
    if (!name && changes.length === 0)
      throw new CompatError(400, "Parameter 'name' or 'dictionaries' not specified.");
    if (name) {
      for (const info of dictionaries) {
        const stored = await app.glossaries.get(tenant, info.id);
        if (stored) await app.glossaries.replace(tenant, info.id, { name, entries: stored.entries });
      }
      dictionaries = await existing(tenant, id);
    }
    for (const change of changes) await putDictionary(tenant, id, dictionaries, change, 'merge');
    return glossaryBody(id, await existing(tenant, id));
  });

  // One dictionary replaced whole (or added): DeepL answers the dictionary.
  app.put<{ Params: { id: string } }>('/v3/glossaries/:id/dictionaries', route, async (request) => {
    const tenant = tenantOf(request);
    const dictionaries = await existing(tenant, request.params.id);
    const fields = fieldsOf(request);
    const input = { ...pairOf(fields, ''), entries: entriesOf(fields, '') };
    return dictionaryBody(await putDictionary(tenant, request.params.id, dictionaries, input, 'replace'));
  });

  app.delete<{ Params: { id: string } }>('/v3/glossaries/:id/dictionaries', route, async (request, reply) => {
    const tenant = tenantOf(request);
    const dictionaries = await existing(tenant, request.params.id);
    const { source, target } = pairOf(queryOf(request), '');
    const info = dictionaries.find((each) => each.source === source && each.target === target);
    if (!info || !(await app.glossaries.delete(tenant, info.id))) throw dictionaryNotFound();
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/v3/glossaries/:id', route, async (request, reply) => {
    const tenant = tenantOf(request);
    for (const info of await existing(tenant, request.params.id))
      await app.glossaries.delete(tenant, info.id);
    return reply.code(204).send();
  });
}
