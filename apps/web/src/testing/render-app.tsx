import type { LanguagesResponse, StatusResponse } from '@sema/shared/api/schemas';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

import { languagesQuery } from '@/languages/api/get-languages';
import { statusQuery } from '@/features/status/api/get-status';
import { QueryCache, QueryCacheProvider } from '@/lib/query-cache';
import { MemoryRouter } from '@/lib/routing';

import { LANGUAGES_FIXTURE } from './languages-fixture';

interface Options {
  /** Languages already loaded (the default), or null to leave the query pending. */
  languages?: LanguagesResponse | null;
  route?: string;
  /** A server status already fetched. */
  status?: StatusResponse;
}

/** Renders with the app's providers: a query cache of its own (languages preloaded) and a router. */
export function renderApp(
  ui: ReactElement,
  { languages = LANGUAGES_FIXTURE, route = '/', status }: Options = {},
) {
  const queryCache = new QueryCache({ retry: 0, defaultFreshMs: Infinity });
  if (languages) queryCache.setData(languagesQuery.key, languages);
  if (status) queryCache.setData(statusQuery.key, status);
  const result = render(
    <QueryCacheProvider cache={queryCache}>
      <MemoryRouter path={route}>{ui}</MemoryRouter>
    </QueryCacheProvider>,
  );
  return { ...result, queryCache };
}
