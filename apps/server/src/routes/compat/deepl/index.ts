/**
 * DeepL's API v2 under /v2 (translate, languages, usage, glossaries, documents) and v3 under /v3
 * (languages, multilingual glossaries), so that DeepL's clients — the official
 * `deepl-node` and the editor and CAT-tool plugins built on the same protocol — work by pointing
 * their server URL at Sema. Bodies as DeepL takes them (form or JSON, `text` repeated or a list),
 * DeepL's upper-case codes and variants (`EN-GB`, `PT-BR`, `ZH-HANS`), `{message}` errors with its
 * statuses. The key (`Authorization: DeepL-Auth-Key …`, or `auth_key` in the body) is checked like
 * any other when the server has API keys (SEMA_API_KEYS), and not needed when it has none.
 */
import { tenantOf } from '../../../lib/tenant.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTO } from '@sema/shared/validation';
import { clientGoneSignal } from '../../../lib/http/client-gone.ts';
import { acceptFormBodies, type FormFields } from '../../../lib/http/form-body.ts';
import { acceptUploads } from '../../../lib/http/upload.ts';
import { answerInProtocolShape, CompatError } from '../compat-errors.ts';
import type { TextRefusal } from '../../../text-translation/refusals.ts';
import type { MarkupOptions } from '../../../text-translation/markup.ts';
import type { TextLimits } from '../../../text-translation/service.ts';
import { deeplDocumentRoutes } from './documents.ts';
import { deeplInvalidRequest, DeeplTranslateBody } from './schemas.ts';
import { deeplGlossaryRoutes, glossaryId } from './glossaries.ts';
import { checkFormality, deeplLanguage, deeplTargets, glossaryCode, upper } from './languages.ts';
import { deeplV3GlossaryRoutes, dictionaryFor } from './v3-glossaries.ts';
import { deeplV3LanguageRoutes } from './v3-languages.ts';

/**
 * DeepL's statuses: 400 bad request, 403 no or wrong key, 404, 413 too large, 429 too many requests,
 * 456 quota exceeded (characters, or glossaries: "the maximum amount of glossaries has been
 * reached"), 503 unavailable.
 */
function deeplStatus(status: number, code?: string): number {
  if (code === 'QUOTA_EXCEEDED' || code === 'GLOSSARY_LIMIT') return 456;
  if (status === 401) return 403;
  if ([403, 404, 413, 429].includes(status)) return status;
  return status >= 500 ? 503 : 400;
}

type Fields = FormFields;

/** What /v2/usage reports as the limit when there is none (DeepL clients expect a number). */
const NO_LIMIT = 1_000_000_000_000;

/** DeepL's words for the limits and glossaries; other refusals are told with its field names. */
export function deeplWords(limits: TextLimits) {
  return (refusal: TextRefusal, detail: string): string => {
    switch (refusal.kind) {
      case 'too-many-texts':
      case 'too-long':
      case 'too-long-in-all':
        return `Request too large: at most ${limits.batchMaxTexts} texts, ${limits.maxTextChars} characters each, ${limits.batchMaxChars} in all.`;
      case 'glossary-not-found':
        return 'Glossary not found.';
      case 'glossary-mismatch': {
        const { source, target } = refusal.glossary;
        return `The glossary is for ${glossaryCode(source)} → ${glossaryCode(target)}, not the requested language pair.`;
      }
      default:
        return detail;
    }
  };
}

/** `tag_handling` (html or xml) with `ignore_tags`; DeepL's other tag options are accepted and not needed. */
function markupOf(fields: Fields): MarkupOptions {
  const handling = typeof fields.tag_handling === 'string' ? fields.tag_handling.trim() : '';
  if (handling === '') return { format: 'text' };
  if (handling !== 'html' && handling !== 'xml') {
    throw new CompatError(400, "Value for 'tag_handling' not supported.");
  }
  const raw = fields.ignore_tags;
  const ignoreTags = (Array.isArray(raw) ? raw : [raw])
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => value.split(','))
    .map((tag) => tag.trim())
    .filter(Boolean);
  return { format: handling, ignoreTags };
}

export default async function deepl(app: FastifyInstance): Promise<void> {
  acceptFormBodies(app);
  await acceptUploads(app, { maxFileBytes: app.documents.limits.maxFileBytes });
  answerInProtocolShape(app, {
    status: deeplStatus,
    body: ({ message }) => ({ message }),
    invalid: 'Bad request',
    name: 'DeepL',
    fields: {
      texts: 'text',
      source: 'source_lang',
      glossaryId: 'glossary_id',
      glossary: 'glossary',
      alternatives: 'alternatives',
    },
    words: deeplWords(app.textTranslation.limits),
    invalidRequest: deeplInvalidRequest,
    // DeepL's words for its 456, which its clients show (Weblate reads `message`), then the figures.
    quotaWords: (sentence) => `Quota exceeded. ${sentence}.`,
  });

  const schema = { hide: true };
  const work = { schema, config: { policy: 'work' } } as const;
  const open = { schema, config: { policy: 'open' } } as const;

  app.post(
    '/v2/translate',
    { ...work, schema: { ...schema, body: DeeplTranslateBody } },
    async (request, reply) => {
      const fields = (request.body && typeof request.body === 'object' ? request.body : {}) as Fields;
      const raw = fields.text;
      const texts = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
      if (texts.length === 0) throw new CompatError(400, "Parameter 'text' not specified.");
      if (!texts.every((item): item is string => typeof item === 'string')) {
        throw new CompatError(400, "Parameter 'text' must be text.");
      }
      const markup = markupOf(fields);
      const target = deeplLanguage(fields, 'target_lang')!;
      const source = deeplLanguage(fields, 'source_lang');
      checkFormality(fields);
      const given = glossaryId(fields.glossary_id, source);
      const tenant = tenantOf(request);
      // A multilingual (v3) glossary's id names its dictionary of this pair.
      const id = given && (await dictionaryFor(app, tenant, given, source!, target));
      const prepared = await app.textTranslation.prepare({
        texts,
        source: source ?? AUTO,
        target,
        markup,
        ...(id ? { glossary: { id, tenant } } : {}),
        meter: app.apiKeys.meter(request),
      });
      const results = await prepared.run(clientGoneSignal(reply));
      app.deeplUsage.add(prepared.characters);
      return {
        translations: results.map((result, index) => ({
          detected_source_language: upper(result.source),
          text: result.text,
          billed_characters: prepared.items[index]!.text.length,
        })),
      };
    },
  );

  const languages = (type: unknown) => {
    const served = app.translation.servedLanguages();
    if (type === 'target') return deeplTargets(served.targets);
    return served.sources.map((language) => ({ language: upper(language.code), name: language.name }));
  };
  app.get<{ Querystring: { type?: string } }>('/v2/languages', open, async (request) =>
    languages(request.query.type),
  );
  app.post('/v2/languages', open, async (request) => {
    const body = (request.body ?? {}) as Fields;
    const query = request.query as Fields;
    return languages(body.type ?? query.type);
  });

  // With keys, the key's characters this month and its limit; without, what this process has translated
  // through this API since it started (texts and documents), and no limit.
  const usage = async (request: FastifyRequest) => {
    const own = await app.apiKeys.usage(request);
    if (own) return { character_count: own.count, character_limit: own.limit ?? NO_LIMIT };
    return { character_count: app.deeplUsage.characters, character_limit: NO_LIMIT };
  };
  app.get('/v2/usage', work, usage);
  app.post('/v2/usage', work, usage);

  deeplGlossaryRoutes(app);
  deeplDocumentRoutes(app);
  deeplV3LanguageRoutes(app);
  deeplV3GlossaryRoutes(app);
}
