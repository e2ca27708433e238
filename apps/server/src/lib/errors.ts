import type { ApiErrorCode } from '@sema/shared/errors';

/**
 * An error whose message is safe to show a client. Anything else that reaches the error handler is
 * logged and answered with a generic 500, so no internals leak.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode | (string & {}),
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}
