/** DeepL's language codes: upper case with variants (`EN-GB`, `PT-BR`, `ZH-HANS`), read through Sema's code table. */
import { resolveLanguageCode, toLanguageTag } from '@sema/shared/languages/codes';
import type { FormFields } from '../../../lib/http/form-body.ts';
import { CompatError } from '../compat-errors.ts';
import type { LanguageRecord } from '@sema/shared/languages/catalogue';

/** DeepL names glossary languages in lower case, without a region (`en`, `pt`, `zh`). */
export const glossaryCode = (code: string) => (toLanguageTag(code) ?? code).toLowerCase();

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

/**
 * Targets DeepL lists under its own codes: English and Portuguese only by variant (`deepl-node`
 * refuses `EN` and `PT` as targets), Spanish also as `ES-419`, Chinese also as `ZH`. The model has
 * one English, one Portuguese and one Spanish: a variant is accepted and translated into that one,
 * its spelling not honoured.
 */
const TARGET_CODES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  eng_Latn: { 'EN-GB': 'English (British)', 'EN-US': 'English (American)' },
  por_Latn: { 'PT-BR': 'Portuguese (Brazilian)', 'PT-PT': 'Portuguese (European)' },
  spa_Latn: { ES: 'Spanish', 'ES-419': 'Spanish (Latin American)' },
  cmn_Hans: { ZH: 'Chinese (simplified)', 'ZH-HANS': 'Chinese (simplified)' },
};

/** `/v2/languages?type=target`: each target the server serves, as DeepL lists it (none supports formality here). */
export const deeplTargets = (targets: readonly LanguageRecord[]) =>
  targets.flatMap((language) =>
    Object.entries(TARGET_CODES[language.code] ?? { [upper(language.code)]: language.name }).map(
      ([code, name]) => ({ language: code, name, supports_formality: false }),
    ),
  );

const FORMALITIES = ['default', 'more', 'less', 'prefer_more', 'prefer_less'];

/**
 * DeepL's `formality`, refused as DeepL refuses it for a target without formality — every target
 * here: the model has one register. `default` and the `prefer_…` values (which fall back to the
 * default where formality is not supported) are what is done anyway.
 */
export function checkFormality(fields: FormFields): void {
  const value = fields.formality;
  if (value === undefined || value === '') return;
  if (typeof value !== 'string' || !FORMALITIES.includes(value)) {
    throw new CompatError(400, "Value for 'formality' not supported.");
  }
  if (value === 'more' || value === 'less') {
    throw new CompatError(400, "'formality' is not supported for given 'target_lang'.");
  }
}
