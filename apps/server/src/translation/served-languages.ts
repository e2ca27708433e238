/**
 * The catalogue languages the translation engine serves, as the language lists show them (ours,
 * LibreTranslate's `/languages`, DeepL's `/v2/languages`): the whole catalogue, until the engine's
 * model says it serves fewer (an M2M-100 or OPUS-MT model, once loaded).
 */
import { CATALOGUE, type LanguageRecord } from '@sema/shared/languages/catalogue';
import type { ServedLanguageCodes, TranslationEngine } from './engines/types.ts';

export interface ServedCatalogue {
  /** Every language it translates from or into. */
  all: readonly LanguageRecord[];
  sources: readonly LanguageRecord[];
  targets: readonly LanguageRecord[];
}

export const FULL_CATALOGUE: ServedCatalogue = { all: CATALOGUE, sources: CATALOGUE, targets: CATALOGUE };

// One entry per model load: the engine hands out the same lists until its model changes.
const byServed = new WeakMap<ServedLanguageCodes, ServedCatalogue>();

export function servedCatalogue(engine: TranslationEngine): ServedCatalogue {
  const served = engine.languages?.();
  if (!served) return FULL_CATALOGUE;
  let catalogue = byServed.get(served);
  if (!catalogue) {
    const sources = new Set(served.sources);
    const targets = new Set(served.targets);
    catalogue = {
      all: CATALOGUE.filter((language) => sources.has(language.code) || targets.has(language.code)),
      sources: CATALOGUE.filter((language) => sources.has(language.code)),
      targets: CATALOGUE.filter((language) => targets.has(language.code)),
    };
    byServed.set(served, catalogue);
  }
  return catalogue;
}
