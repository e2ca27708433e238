import type { Language } from '@sema/shared/api/schemas';
import { useCallback, useEffect, useState } from 'react';

import { SPLASH } from '@/config/constants';
import { defineQuery, useCachedQuery } from '@/lib/query-cache';

import { useLanguages } from '../api/get-languages';

/** English names by code, from the catalogue the app is built with. */
async function loadCatalogueNames(): Promise<Readonly<Record<string, string>>> {
  const { CATALOGUE_DATA } = await import('@sema/shared/languages/catalogue-data');
  return Object.fromEntries(CATALOGUE_DATA.map((language) => [language.code, language.name]));
}

/**
 * English names while the server's list is not at hand (failed with nothing cached, or still not
 * there when the splash has had its minimum time): the catalogue the app was built with knows every
 * name, so a button never shows `eng_Latn`. It is a chunk of its own, fetched only then: the app
 * asks for the list as it starts (`AppProvider`), so on a usual connection the list comes first,
 * behind the splash, and the catalogue is never fetched.
 */
const catalogueNamesQuery = defineQuery({
  key: ['catalogue-names'],
  fetch: loadCatalogueNames,
  freshFor: Infinity,
});

/** Milliseconds until the splash may leave: counted from the page's start, as the splash counts. */
const untilSplashMayLeave = () => Math.max(0, SPLASH.minimumMs - performance.now());

function useCatalogueNames(listMissing: boolean, listFailed: boolean) {
  const [waited, setWaited] = useState(() => untilSplashMayLeave() === 0);
  useEffect(() => {
    if (!listMissing || listFailed || waited) return;
    const timer = setTimeout(() => setWaited(true), untilSplashMayLeave());
    return () => clearTimeout(timer);
  }, [listMissing, listFailed, waited]);
  // Once fetched, the names are shared by every component, asked or not.
  return useCachedQuery(catalogueNamesQuery, { enabled: listMissing && (listFailed || waited) }).data;
}

/** Finds a language by code in the loaded list; names fall back to the catalogue, then the code. */
export function useLanguageLookup() {
  const { data, isError } = useLanguages();
  const fallbackNames = useCatalogueNames(!data, isError);
  const find = useCallback((code: string): Language | undefined => data?.languages[code], [data]);
  const nameOf = useCallback(
    (code: string): string => find(code)?.name ?? fallbackNames?.[code] ?? code,
    [find, fallbackNames],
  );
  return { find, nameOf };
}
