import { describe, expect, it } from 'vitest';
import { FULL_CATALOGUE, listVersion, servedCatalogue } from './served-languages.ts';
import type { ServedLanguageCodes, TranslationEngine } from './engines/types.ts';

/** The catalogue an engine serving `served` hands to the language lists. */
const catalogueOf = (served: ServedLanguageCodes) =>
  servedCatalogue({ languages: () => served } as unknown as TranslationEngine);

describe('listVersion', () => {
  const threeWays: ServedLanguageCodes = {
    sources: ['eng_Latn', 'fra_Latn', 'deu_Latn'],
    targets: ['eng_Latn', 'fra_Latn', 'deu_Latn'],
  };

  it('is the same for the same languages, whichever load made the lists', () => {
    expect(listVersion(catalogueOf(threeWays))).toBe(listVersion(catalogueOf({ ...threeWays })));
    expect(listVersion(FULL_CATALOGUE)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('changes with the languages served, and with the targets a language reaches', () => {
    const versions = new Set([
      listVersion(FULL_CATALOGUE),
      listVersion(catalogueOf(threeWays)),
      listVersion(catalogueOf({ ...threeWays, sources: ['eng_Latn', 'fra_Latn'] })),
      // Pair models: the same three languages, but German reaches English only.
      listVersion(
        catalogueOf({
          ...threeWays,
          targetsOf: new Map([
            ['eng_Latn', ['fra_Latn', 'deu_Latn']],
            ['fra_Latn', ['eng_Latn', 'deu_Latn']],
            ['deu_Latn', ['eng_Latn']],
          ]),
        }),
      ),
    ]);
    expect(versions.size).toBe(4);
  });
});
