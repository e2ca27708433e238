/**
 * The catalogue languages the translation engine serves, as the language lists show them (ours,
 * LibreTranslate's `/languages`, DeepL's `/v2/languages`): the whole catalogue, until the engine's
 * model says it serves fewer (an M2M-100 or OPUS-MT model, once loaded), or a server with pair
 * models says which targets each source reaches.
 */
import { createHash } from 'node:crypto';
import { CATALOGUE, type LanguageRecord } from '@sema/shared/languages/catalogue';
import type { ServedLanguageCodes, TranslationEngine } from './engines/types.ts';

export interface ServedCatalogue {
  /** Every language it translates from or into. */
  all: readonly LanguageRecord[];
  sources: readonly LanguageRecord[];
  targets: readonly LanguageRecord[];
  /** The targets a source reaches (none for a language it only writes). */
  targetsOf(code: string): readonly LanguageRecord[];
}

const NONE: readonly LanguageRecord[] = [];

export const FULL_CATALOGUE: ServedCatalogue = {
  all: CATALOGUE,
  sources: CATALOGUE,
  targets: CATALOGUE,
  targetsOf: () => CATALOGUE,
};

// One entry per model load: the engine hands out the same lists until its model changes.
const byServed = new WeakMap<ServedLanguageCodes, ServedCatalogue>();

export function servedCatalogue(engine: TranslationEngine): ServedCatalogue {
  const served = engine.languages?.();
  if (!served) return FULL_CATALOGUE;
  let catalogue = byServed.get(served);
  if (!catalogue) {
    catalogue = catalogueOf(served);
    byServed.set(served, catalogue);
  }
  return catalogue;
}

const readableByCatalogue = new WeakMap<ServedCatalogue, ReadonlySet<string>>();

/** The codes a server translates from, or null when it reads the whole catalogue. */
export function readableCodes(catalogue: ServedCatalogue): ReadonlySet<string> | null {
  if (catalogue === FULL_CATALOGUE) return null;
  let codes = readableByCatalogue.get(catalogue);
  if (!codes) {
    codes = new Set(catalogue.sources.map((language) => language.code));
    readableByCatalogue.set(catalogue, codes);
  }
  return codes;
}

const versions = new WeakMap<ServedCatalogue, string>();

/**
 * A fingerprint of what the language lists say for `catalogue`: its languages as listed (names
 * included) and the targets each reaches. `/api/v1/languages` carries it and `/status` names the
 * current one, so that a client keeping the list (the web app, for a day) sees when the server's
 * models or languages changed and fetches it again.
 */
export function listVersion(catalogue: ServedCatalogue): string {
  let version = versions.get(catalogue);
  if (!version) {
    const hash = createHash('sha256');
    for (const language of catalogue.all) {
      const reaches = catalogue.targetsOf(language.code);
      hash.update(
        JSON.stringify([
          language,
          reaches.length === catalogue.all.length ? '*' : reaches.map((target) => target.code),
        ]),
      );
    }
    version = hash.digest('hex').slice(0, 16);
    versions.set(catalogue, version);
  }
  return version;
}

function catalogueOf(served: ServedLanguageCodes): ServedCatalogue {
  const inCatalogue = (codes: Iterable<string>) => {
    const set = new Set(codes);
    return CATALOGUE.filter((language) => set.has(language.code));
  };
  const sources = inCatalogue(served.sources);
  const targets = inCatalogue(served.targets);
  const all = inCatalogue([...served.sources, ...served.targets]);
  const perSource = served.targetsOf;
  if (!perSource) {
    const readable = new Set(served.sources);
    return { all, sources, targets, targetsOf: (code) => (readable.has(code) ? targets : NONE) };
  }
  const lists = new Map([...perSource].map(([source, codes]) => [source, inCatalogue(codes)]));
  return { all, sources, targets, targetsOf: (code) => lists.get(code) ?? NONE };
}
