import { REQUEST_ERRORS } from '@sema/shared/errors';

import { ApiError } from './api-client';

/** A failure as the person using the app reads it, and the technical side kept apart. */
export interface PlainError {
  /** One short sentence in plain words. */
  message: string;
  /** The server's own wording and its code, for whoever wants them (behind a "Details" disclosure). */
  detail?: string;
  /** Trying again cannot help (no language found, too long, a language or mode the server lacks). */
  final?: true;
}

/**
 * Failures a retry cannot fix: the note says the reason and what to do instead of "Please try
 * again", and no Regenerate is offered.
 */
const RETRY_CANNOT_HELP = new Set([
  'NO_LETTERS',
  'UNSUPPORTED_SCRIPT',
  'TEXT_TOO_LONG',
  'UNSUPPORTED_LANGUAGE',
  'CHAT_NOT_CONFIGURED',
]);

export function retryCannotHelp(code: string | undefined): boolean {
  return code !== undefined && RETRY_CANNOT_HELP.has(code);
}

export const CHAT_TURNED_OFF = 'Chat is turned off on this server.';
export const NO_LANGUAGE =
  'Auto Detect could not tell what language this is. Choose the language of your text.';
const TRY_LATER = 'Something went wrong on the server. Please try again.';

/**
 * Codes whose server wording speaks of engines, models, providers or configuration: the person gets
 * the sentence here instead. Codes not listed are about what the person sent (a file that is not what
 * its name says, a text too long) and the server's words are already meant for them.
 */
const PLAIN_BY_CODE: Readonly<Record<string, string>> = {
  MODEL_UNAVAILABLE: 'This service is not available on this server right now. Please try again later.',
  NOT_READY: 'The server is still starting. Please try again in a moment.',
  SHUTTING_DOWN: 'The server is restarting. Please try again in a moment.',
  OVERLOADED: 'The server is busy right now. Please try again in a moment.',
  TIMEOUT: 'The server took too long to answer. Please try again.',
  RATE_LIMITED: 'Too many requests for now. Please wait a moment and try again.',
  RATE_LIMIT: 'Too many requests for now. Please wait a moment and try again.',
  TOO_MANY_CONCURRENT: 'Too many requests at once. Please wait for the others to finish.',
  AUTH_ERROR: 'The assistant could not be reached from this server. Please try again later.',
  CHAT_NOT_CONFIGURED: `${CHAT_TURNED_OFF} Use Translate mode to translate your text.`,
  CHAT_ERROR: 'The assistant could not answer. Please try again.',
  UPSTREAM_ERROR: 'The assistant could not answer. Please try again.',
  INTERNAL_ERROR: TRY_LATER,
  NETWORK_ERROR: REQUEST_ERRORS.unreachable,
  NO_LETTERS: NO_LANGUAGE,
  UNSUPPORTED_SCRIPT: NO_LANGUAGE,
  UNSUPPORTED_LANGUAGE: 'This server does not translate this language. Choose another language.',
};

/**
 * Anything thrown, as a plain sentence with the technical detail apart. `wording` replaces the plain
 * sentence of a code where the caller can say more (which model is unavailable).
 */
export function plainError(error: unknown, wording: Readonly<Record<string, string>> = {}): PlainError {
  if (!(error instanceof ApiError)) {
    const raw = error instanceof Error ? error.message : undefined;
    return { message: TRY_LATER, ...(raw ? { detail: raw } : {}) };
  }
  const technical = error.code ? `${error.message} (${error.code})` : error.message;
  const final = retryCannotHelp(error.code) ? ({ final: true } as const) : {};
  const plain = error.code ? (wording[error.code] ?? PLAIN_BY_CODE[error.code]) : undefined;
  if (plain)
    return plain === error.message
      ? { message: plain, ...final }
      : { message: plain, detail: technical, ...final };
  if (error.status >= 500) return { message: TRY_LATER, detail: technical };
  return { message: error.message, ...(error.code ? { detail: `Code: ${error.code}` } : {}), ...final };
}
