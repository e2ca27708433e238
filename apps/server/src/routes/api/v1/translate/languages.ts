/** Reading the language fields of translate requests into catalogue codes, with the spec's messages. */
import { resolveLanguage } from '@sema/shared/languages/catalogue';
import {
  AUTO,
  LANGUAGE_CODE_PATTERN,
  MESSAGES,
  invalidLanguageCodeMessage,
  isBlank,
  unsupportedLanguageMessage,
} from '@sema/shared/validation';
import { ApiError } from '../../../../lib/errors.ts';

/** The catalogue code for a target (aliases accepted), or a 422 saying what is wrong. */
export function targetLanguage(code: string | undefined): string {
  if (code === undefined || isBlank(code))
    throw new ApiError(422, 'VALIDATION_ERROR', MESSAGES.targetRequired);
  return catalogueCode('target_language', code.trim());
}

/** `auto`, or the catalogue code for a source language. */
export function sourceLanguage(code: string | undefined): string {
  const value = code?.trim() || AUTO;
  return value === AUTO ? AUTO : catalogueCode('source_language', value);
}

function catalogueCode(field: string, code: string): string {
  if (!LANGUAGE_CODE_PATTERN.test(code)) {
    throw new ApiError(422, 'VALIDATION_ERROR', invalidLanguageCodeMessage(field, code));
  }
  const language = resolveLanguage(code);
  if (!language) throw new ApiError(422, 'UNSUPPORTED_LANGUAGE', unsupportedLanguageMessage(code));
  return language.code;
}
