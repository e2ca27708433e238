/** Reading the language fields of requests (translate, batch, documents) into catalogue codes. */
import { looksLikeLanguageCode, resolveLanguageCode } from '@sema/shared/languages/codes';
import {
  AUTO,
  MESSAGES,
  invalidLanguageCodeMessage,
  isBlank,
  unsupportedLanguageMessage,
} from '@sema/shared/validation';
import { ApiError } from './errors.ts';

/** The catalogue code for a target (aliases and BCP 47 codes accepted), or a 422 saying what is wrong. */
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

/**
 * A catalogue code, an alias, or a BCP 47 / ISO 639 code (`sw`, `sw-KE`, `zh-Hant`, `pt-BR`) read
 * through the shared code table; answers always carry the catalogue code.
 */
export function catalogueCode(field: string, code: string): string {
  const language = resolveLanguageCode(code);
  if (language) return language.code;
  if (looksLikeLanguageCode(code)) {
    throw new ApiError(422, 'UNSUPPORTED_LANGUAGE', unsupportedLanguageMessage(code));
  }
  throw new ApiError(422, 'VALIDATION_ERROR', invalidLanguageCodeMessage(field, code));
}
