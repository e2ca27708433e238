import { readFileSync } from 'node:fs';

/** Sema's version, from the root package.json. */
export const SEMA_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
