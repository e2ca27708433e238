import type { ApiErrorCode } from '@sema/shared/errors';

/**
 * An error whose message is safe to show a client. Anything else that reaches the error handler is
 * logged and answered with a generic 500, so no internals leak.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly headers: Record<string, string>;

  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode | (string & {}),
    readonly detail: string,
    headers: Record<string, string> = {},
  ) {
    super(detail);
    // A 503 is always temporary here (a model loading or restarting, a full queue, an upstream or
    // store away): it always says when to ask again, as /readyz does, so clients back off instead
    // of hammering or giving up.
    this.headers =
      statusCode === 503 && !Object.keys(headers).some((name) => name.toLowerCase() === 'retry-after')
        ? { ...headers, 'Retry-After': String(DEFAULT_RETRY_AFTER_SECONDS) }
        : headers;
  }
}

/** When a 503 that knows no better asks the client to come back. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;
