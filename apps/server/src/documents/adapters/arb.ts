import { toLanguageTag } from '@sema/shared/languages/codes';
import type { DocumentAdapter } from '../types.ts';
import { extractJson } from './json.ts';
import { localeInName, underscored } from '../output-name.ts';

/**
 * Flutter's Application Resource Bundle: JSON whose messages are ICU (plurals and selects have their
 * messages translated, placeholders kept). Keys starting with `@` are metadata (a message's
 * description, its placeholders' types and examples) and stay as they were, except `@@locale`,
 * which becomes the target language (`ar`, `zh_Hant`: the form Flutter's file names use). A brace or
 * apostrophe a translation brings is quoted by ICU's rules, at the top of a message as in a plural.
 */
export const arbAdapter: DocumentAdapter = {
  format: 'arb',
  outputName: localeInName({ locale: underscored }),
  mimeType: 'application/json',
  textual: true,
  extract: ({ text }, limits, context) =>
    extractJson(text, limits, {
      icuMessages: true,
      keep: (path) => path.some((key) => typeof key === 'string' && key.startsWith('@')),
      replace: (path) =>
        path.length === 1 && path[0] === '@@locale' && context.target
          ? (toLanguageTag(context.target) ?? context.target).replace(/-/g, '_')
          : undefined,
    }),
};
