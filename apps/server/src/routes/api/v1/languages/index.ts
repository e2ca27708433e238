import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, LanguageWithCode, LanguagesResponse } from '@sema/shared/api/schemas';
import {
  CATALOGUE,
  POPULAR_CODES,
  REGIONS,
  findRegion,
  resolveLanguage,
  searchLanguages,
  type LanguageRecord,
} from '@sema/shared/languages/catalogue';
import { regionsOf } from '@sema/shared/languages/also-spoken-in';
import { resolveLanguageCode } from '@sema/shared/languages/codes';
import { MESSAGES, MIN_SEARCH_LENGTH } from '@sema/shared/validation';
import { ApiError } from '../../../../lib/errors.ts';
import {
  precompress,
  sendPrecompressedJson,
  type Precompressed,
} from '../../../../lib/http/precompressed.ts';
import {
  FULL_CATALOGUE,
  listVersion,
  type ServedCatalogue,
} from '../../../../translation/served-languages.ts';

function toResponse(languages: readonly LanguageRecord[]): LanguagesResponse {
  const map: LanguagesResponse['languages'] = {};
  for (const language of languages) {
    map[language.code] = {
      name: language.name,
      native_name: language.nativeName,
      region: language.region,
      script: language.script,
    };
  }
  return { languages: map, total_count: languages.length };
}

/** The whole list as sent, and its version (`listVersion`), also its ETag. */
interface ListBody {
  body: Precompressed;
  version: string;
}

// Built and compressed once per model load (the lists stay the same object until a model's languages change).
const responses = new WeakMap<ServedCatalogue, ListBody>();

/**
 * The served languages, with `targets_of` for the languages that do not go into every other one
 * (a pair model's, a language only written): on a server whose main model serves every pair of its
 * languages it is absent or short, never a 200 × 200 table.
 */
function servedResponse(served: ServedCatalogue): ListBody {
  const known = responses.get(served);
  if (known) return known;
  let response: LanguagesResponse = toResponse(served.all);
  const targetsOf: Record<string, string[]> = {};
  for (const language of served.all) {
    const targets = served.targetsOf(language.code).filter((target) => target !== language);
    if (targets.length < served.all.length - 1)
      targetsOf[language.code] = targets.map((target) => target.code);
  }
  if (Object.keys(targetsOf).length > 0) response = { ...response, targets_of: targetsOf };
  const list = withVersion(response, served);
  responses.set(served, list);
  return list;
}

function withVersion(response: LanguagesResponse, served: ServedCatalogue): ListBody {
  const version = listVersion(served);
  return { body: precompress(JSON.stringify({ ...response, version })), version };
}

// The catalogue never changes while the server runs: encoded and compressed once, and sent as bytes,
// skipping the serializer and the per-request UTF-8 encoding of 18 KB.
const ALL = withVersion(toResponse(CATALOGUE), FULL_CATALOGUE);
const POPULAR_LANGUAGES = POPULAR_CODES.map((code) => resolveLanguage(code)!);
const POPULAR = toResponse(POPULAR_LANGUAGES);
const CACHE_CONTROL = 'public, max-age=3600';

/** Whether `If-None-Match` names this ETag (weak comparison, as a GET's revalidation uses). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

const tags = ['languages'];

const languages: FastifyPluginAsyncTypebox = async (app) => {
  // Until the engine is ready its lists may still change (a model that failed could be replaced, a
  // remote engine's servers come up): nobody should keep them for an hour.
  const cacheControl = () => (app.translation.status().state === 'ready' ? CACHE_CONTROL : 'no-cache');

  /**
   * A sub-list narrowed to what this server's models serve: a language it would refuse (422) is never
   * offered, on an M2M-100 or OPUS-MT server as on NLLB's.
   */
  const servedOnly = (list: readonly LanguageRecord[]): readonly LanguageRecord[] => {
    const served = app.translation.servedLanguages();
    if (served === FULL_CATALOGUE) return list;
    const codes = new Set(served.all.map((language) => language.code));
    return list.filter((language) => codes.has(language.code));
  };

  app.get(
    '/',
    {
      config: { policy: 'open' },
      schema: {
        tags,
        summary: 'Every supported language',
        description:
          "The languages this server's translation models serve: the whole catalogue for NLLB-200, fewer for a model of another family (M2M-100, OPUS-MT); with pair models, `targets_of` says which targets each source reaches",
        response: {
          200: LanguagesResponse,
          304: Type.Null({ description: 'The list the If-None-Match ETag names is current: no body' }),
        },
      },
    },
    async (request, reply) => {
      const served = app.translation.servedLanguages();
      const list = served === FULL_CATALOGUE ? ALL : servedResponse(served);
      reply.header('Cache-Control', cacheControl());
      // Weak: the same list is sent in three encodings. A phone asking again after an hour gets
      // 304 and no body when nothing changed.
      const etag = `W/"${list.version}"`;
      reply.header('ETag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return sendPrecompressedJson(request, reply, list.body);
    },
  );

  app.get(
    '/popular',
    {
      config: { policy: 'open' },
      schema: { tags, summary: 'The popular languages', response: { 200: LanguagesResponse } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', cacheControl());
      const popular = servedOnly(POPULAR_LANGUAGES);
      return popular === POPULAR_LANGUAGES ? POPULAR : toResponse(popular);
    },
  );

  app.get(
    '/region/:region',
    {
      config: { policy: 'open' },
      schema: {
        tags,
        summary: 'Languages of one region',
        description: `Every language spoken in the region, so a language may be under several; its \`region\` field stays its home region. Regions: ${REGIONS.join(', ')} (case does not matter)`,
        params: Type.Object({ region: Type.String({ examples: ['africa'] }) }),
        response: { 200: LanguagesResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const region = findRegion(request.params.region);
      if (!region) {
        throw new ApiError(
          404,
          'NOT_FOUND',
          `Unknown region: '${request.params.region}'. Regions: ${REGIONS.join(', ')}`,
        );
      }
      reply.header('Cache-Control', cacheControl());
      // Every language spoken there, as the web app's region tabs list them (English under the
      // Americas as well as Europe); each keeps its home region in `region`.
      return toResponse(servedOnly(CATALOGUE.filter((language) => regionsOf(language).includes(region))));
    },
  );

  app.get(
    '/search',
    {
      config: { policy: 'open' },
      schema: {
        tags,
        summary: 'Search by English name, native name or code',
        description:
          'Ignores case and accents. The query needs at least 2 characters (422 otherwise, like every other invalid field).',
        querystring: Type.Object({ q: Type.Optional(Type.String({ examples: ['swa'] })) }),
        response: { 200: LanguagesResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      const query = (request.query.q ?? '').trim();
      if ([...query].length < MIN_SEARCH_LENGTH)
        throw new ApiError(422, 'VALIDATION_ERROR', MESSAGES.searchTooShort);
      return toResponse(servedOnly(searchLanguages(query)));
    },
  );

  app.get(
    '/:code',
    {
      config: { policy: 'open' },
      schema: {
        tags,
        summary: 'One language',
        description:
          'Takes every code the rest of the API takes: catalogue codes in any case, the aliases zho_Hans, zho_Hant, arb_Arab, fas_Arab, msa_Latn, ori_Orya, lav_Latn, orm_Latn, and LibreTranslate/BCP 47 codes (sw, zh-Hant, pt-BR). Answers with the catalogue code.',
        params: Type.Object({ code: Type.String({ examples: ['swh_Latn'] }) }),
        response: { 200: LanguageWithCode, 404: ErrorResponse },
      },
    },
    async (request) => {
      const language = resolveLanguageCode(request.params.code);
      if (!language) throw new ApiError(404, 'NOT_FOUND', `Unknown language code: '${request.params.code}'`);
      return {
        code: language.code,
        name: language.name,
        native_name: language.nativeName,
        region: language.region,
        script: language.script,
      };
    },
  );
};

export default languages;
