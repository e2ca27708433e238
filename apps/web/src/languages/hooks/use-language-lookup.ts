import type { Language } from '@sema/shared/api/schemas';
import { useCallback } from 'react';

import { defineQuery, useCachedQuery } from '@/lib/query-cache';

import { useLanguages } from '../api/get-languages';

/** English names by code, from the catalogue the app is built with. */
async function loadCatalogueNames(): Promise<Readonly<Record<string, string>>> {
  const { CATALOGUE_DATA } = await import('@sema/shared/languages/catalogue-data');
  return Object.fromEntries(CATALOGUE_DATA.map((language) => [language.code, language.name]));
}

/**
 * English names while the server's list is not at hand (still loading, or failed with nothing
 * cached): the catalogue the app was built with knows every name, so a button never shows
 * `eng_Latn`. It is a chunk of its own, fetched only then.
 */
const catalogueNamesQuery = defineQuery({
  key: ['catalogue-names'],
  fetch: loadCatalogueNames,
  freshFor: Infinity,
});

function useCatalogueNames(needed: boolean) {
  return useCachedQuery(catalogueNamesQuery, { enabled: needed }).data;
}

/** Finds a language by code in the loaded list; names fall back to the catalogue, then the code. */
export function useLanguageLookup() {
  const { data } = useLanguages();
  const fallbackNames = useCatalogueNames(!data);
  const find = useCallback((code: string): Language | undefined => data?.languages[code], [data]);
  const nameOf = useCallback(
    (code: string): string => find(code)?.name ?? fallbackNames?.[code] ?? code,
    [find, fallbackNames],
  );
  return { find, nameOf };
}
