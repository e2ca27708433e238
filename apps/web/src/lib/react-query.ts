import { QueryClient } from './query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Our own cache (lib/cache.ts) decides freshness; the query layer only shares results.
        refetchOnWindowFocus: false,
        retry: 1,
      },
    },
  });
}
