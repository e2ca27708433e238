import { useEffect, type ReactNode } from 'react';

import { languagesQuery } from '@/languages/api/get-languages';
import { appQueryCache, QueryCacheProvider } from '@/lib/query-cache';

export function AppProvider({ children }: { children: ReactNode }) {
  // Expired results are swept every five minutes while the app is open.
  useEffect(() => appQueryCache.startSweep(), []);
  // Every page names languages: the list is asked for now, while the first page's code loads.
  useEffect(() => {
    appQueryCache.fetchQuery(languagesQuery).catch(() => undefined);
  }, []);
  return <QueryCacheProvider cache={appQueryCache}>{children}</QueryCacheProvider>;
}
