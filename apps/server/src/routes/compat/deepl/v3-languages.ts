/**
 * DeepL's languages API v3: `GET /v3/languages?resource=…` (one list per resource, each language
 * saying whether it is usable as a source, a target or both, and its features) and
 * `GET /v3/languages/resources`, which replace /v2/languages and /v2/glossary-language-pairs.
 * Codes are BCP 47 as v3 writes them (`de`, `en-GB`, `zh-Hans`). What this server offers:
 * `translate_text` and `translate_document` (the served languages, with the same target variants
 * as /v2/languages), `glossary` (every catalogue language); `write`, `voice` and `style_rules` have
 * no languages here (empty lists, not errors, so that a client asking about every resource goes on).
 */
import type { FastifyInstance } from 'fastify';
import { CATALOGUE, type LanguageRecord } from '@sema/shared/languages/catalogue';
import { toLanguageTag } from '@sema/shared/languages/codes';
import { CompatError } from '../compat-errors.ts';
import { deeplTargets } from './languages.ts';

/** v3's feature objects: keyed by feature, each with its status. */
const feature = { status: 'stable' } as const;
const TEXT_FEATURES = ['tag_handling', 'glossary', 'auto_detection'] as const;

/** The resources this server answers, with the features each has (none needs formality). */
const RESOURCES: Readonly<Record<string, readonly string[]>> = {
  translate_text: TEXT_FEATURES,
  translate_document: ['glossary', 'auto_detection'],
  glossary: [],
  write: [],
  voice: [],
  style_rules: [],
};

interface V3Language {
  lang: string;
  name: string;
  status: 'stable';
  usable_as_source: boolean;
  usable_as_target: boolean;
  features: Record<string, typeof feature>;
}

/** A v2 code (`EN-GB`, `ZH-HANS`, `ES-419`) as v3 writes it (`en-GB`, `zh-Hans`, `es-419`). */
export function v3Code(code: string): string {
  const [language, ...rest] = code.split('-');
  return [
    language!.toLowerCase(),
    ...rest.map((part) =>
      part.length === 4 ? part[0]!.toUpperCase() + part.slice(1).toLowerCase() : part.toUpperCase(),
    ),
  ].join('-');
}

const featuresOf = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, feature]));

/**
 * Sources and targets merged into one list: a language usable both ways is listed once; a target
 * known only by its variants (`en-GB`, `pt-BR`) has its base listed as a source only, as DeepL does.
 */
function translationLanguages(
  sources: readonly LanguageRecord[],
  targets: readonly LanguageRecord[],
  features: readonly string[],
): V3Language[] {
  const list = new Map<string, V3Language>();
  const entry = (lang: string, name: string) => {
    if (!list.has(lang)) {
      list.set(lang, {
        lang,
        name,
        status: 'stable',
        usable_as_source: false,
        usable_as_target: false,
        features: featuresOf(features),
      });
    }
    return list.get(lang)!;
  };
  for (const language of sources) {
    entry(toLanguageTag(language.code) ?? language.code, language.name).usable_as_source = true;
  }
  for (const target of deeplTargets(targets))
    entry(v3Code(target.language), target.name).usable_as_target = true;
  return [...list.values()];
}

export function deeplV3LanguageRoutes(app: FastifyInstance): void {
  const open = { schema: { hide: true }, config: { policy: 'open' } } as const;
  let glossaryLanguages: V3Language[] | undefined;

  app.get<{ Querystring: { resource?: string; product?: string } }>(
    '/v3/languages',
    open,
    async (request) => {
      // `product` was the parameter's name while v3 was in beta.
      const resource = request.query.resource ?? request.query.product;
      if (!resource) throw new CompatError(400, "Parameter 'resource' not specified.");
      const features = RESOURCES[resource];
      if (!features) throw new CompatError(400, `Value for 'resource' not supported.`);
      if (resource === 'translate_text' || resource === 'translate_document') {
        const served = app.translation.servedLanguages();
        return translationLanguages(served.sources, served.targets, features);
      }
      if (resource === 'glossary') {
        glossaryLanguages ??= CATALOGUE.map((language) => ({
          lang: toLanguageTag(language.code) ?? language.code,
          name: language.name,
          status: 'stable',
          usable_as_source: true,
          usable_as_target: true,
          features: {},
        }));
        return glossaryLanguages;
      }
      return [];
    },
  );

  app.get('/v3/languages/resources', open, async () =>
    Object.entries(RESOURCES)
      .filter(([name]) => ['translate_text', 'translate_document', 'glossary'].includes(name))
      .map(([name, features]) => ({
        name,
        features: features.map((each) => ({
          name: each,
          ...(each === 'auto_detection' ? {} : { needs_target_support: true }),
          needs_source_support: true,
        })),
      })),
  );
}
