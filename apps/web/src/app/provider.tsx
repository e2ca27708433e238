import { useEffect, type ReactNode } from 'react';

import { appQueryCache, QueryCacheProvider } from '@/lib/query-cache';

export function AppProvider({ children }: { children: ReactNode }) {
  // Expired results are swept every five minutes while the app is open.
  useEffect(() => appQueryCache.startSweep(), []);
  return <QueryCacheProvider cache={appQueryCache}>{children}</QueryCacheProvider>;
}
