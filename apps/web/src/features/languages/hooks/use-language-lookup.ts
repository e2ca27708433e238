import type { Language } from '@sema/shared/api/schemas';
import { useCallback } from 'react';

import { useLanguages } from '../api/get-languages';

/** Finds a language by code in the loaded list; a code not (yet) known is shown as the code. */
export function useLanguageLookup() {
  const { data } = useLanguages();
  const find = useCallback((code: string): Language | undefined => data?.languages[code], [data]);
  const nameOf = useCallback((code: string): string => find(code)?.name ?? code, [find]);
  return { find, nameOf };
}
