import type { LanguagesResponse, StatusResponse } from '@sema/shared/api/schemas';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

import { languagesQueryOptions } from '@/features/languages/api/get-languages';
import { statusQueryOptions } from '@/features/status/api/get-status';
import { QueryClient, QueryClientProvider } from '@/lib/query';
import { MemoryRouter } from '@/lib/routing';

import { LANGUAGES_FIXTURE } from './languages-fixture';

interface Options {
  /** Languages already loaded (the default), or null to leave the query pending. */
  languages?: LanguagesResponse | null;
  route?: string;
  /** A server status already fetched. */
  status?: StatusResponse;
}

/** Renders with the app's providers: a query client (languages preloaded) and a router. */
export function renderApp(
  ui: ReactElement,
  { languages = LANGUAGES_FIXTURE, route = '/', status }: Options = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (languages) queryClient.setQueryData(languagesQueryOptions().queryKey, languages);
  if (status) queryClient.setQueryData(statusQueryOptions().queryKey, status);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter path={route}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
