/** Validation rules and messages shared by the server and the web app. */

export const MESSAGES = {
  textEmpty: 'Text cannot be empty',
  targetRequired: 'Target language is required',
  searchTooShort: 'Search query must be at least 2 characters',
  sendNeedsContent: 'Type a message or attach a file',
  passwordTooShort: 'Must be at least 8 characters',
  invalidLogin: 'Invalid email or password',
  signupFailed: 'Error creating account. Please try again.',
} as const;

export const AUTO = 'auto';

export function isBlank(text: string | undefined | null): boolean {
  return !text || text.trim().length === 0;
}

export const MIN_SEARCH_LENGTH = 2;
export const MIN_PASSWORD_LENGTH = 8;
/** The spec's documented per-request limit. */
export const MAX_TEXT_CHARS = 5000;

export function unsupportedLanguageMessage(code: string): string {
  return `Unsupported language: ${code}`;
}

export function invalidLanguageCodeMessage(field: string, code: string): string {
  return `Invalid language code for ${field}: '${code}' (expected a code like eng_Latn or sw${field === 'source_language' ? ', or auto' : ''})`;
}

export function textTooLongMessage(length: number, limit: number): string {
  return `Text is too long: ${length} characters (the limit is ${limit} per request)`;
}
