import { useEffect, useState, type ReactNode } from 'react';

import { appCache } from '@/lib/cache';
import { QueryClientProvider } from '@/lib/query';
import { createQueryClient } from '@/lib/react-query';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Expired cache entries are swept every five minutes while the app is open.
  useEffect(() => appCache.startCleanup(), []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
