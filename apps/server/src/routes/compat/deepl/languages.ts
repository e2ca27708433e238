/** DeepL's language codes: upper case with variants (`EN-GB`, `PT-BR`, `ZH-HANS`), read through Sema's code table. */
import { resolveLanguageCode, toLanguageTag } from '@sema/shared/languages/codes';
import type { FormFields } from '../../../lib/http/form-body.ts';
import { CompatError } from '../compat-errors.ts';

/** A catalogue code as DeepL writes a language. */
export const upper = (code: string) => (toLanguageTag(code) ?? code).toUpperCase();

/** The catalogue code of a `source_lang` (optional) or `target_lang` (required) field. */
export function deeplLanguage(fields: FormFields, name: 'source_lang' | 'target_lang'): string | undefined {
  const raw = typeof fields[name] === 'string' ? (fields[name] as string).trim() : '';
  if (!raw) {
    if (name === 'source_lang') return undefined;
    throw new CompatError(400, "Parameter 'target_lang' not specified.");
  }
  const language = resolveLanguageCode(raw);
  if (!language) throw new CompatError(400, `Value for '${name}' not supported.`);
  return language.code;
}
