import { REQUEST_ERRORS } from '@sema/shared/errors';

/**
 * The request layer: JSON in, JSON out, and every failure turned into an
 * `ApiError` whose message is the one the spec says the user reads.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    /** The server's machine code (`MODEL_UNAVAILABLE`, …) when it sent one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Empty in the app (same origin); tests point it at the real server they started. */
let apiOrigin = '';

export function setApiOrigin(origin: string): void {
  apiOrigin = origin.replace(/\/+$/, '');
}

export function apiUrl(path: string): string {
  return `${apiOrigin}/api/v1${path}`;
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return new ApiError(REQUEST_ERRORS.httpStatus(response.status, response.statusText), response.status);
  }
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const detail = typeof fields.detail === 'string' && fields.detail.trim() ? fields.detail : undefined;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  return new ApiError(detail ?? REQUEST_ERRORS.requestFailed(response.status), response.status, code);
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** JSON, or a FormData for a file upload. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Sends a request; a failed answer throws an ApiError with the server's `detail` and `code`, and a
 * server out of reach throws the network error. The one place the app calls `fetch`.
 */
export async function apiFetch(
  path: string,
  { method = 'GET', body, signal }: RequestOptions,
  accept: string,
) {
  const form = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: body === undefined ? method : 'POST',
      headers:
        body === undefined || form
          ? { Accept: accept }
          : { Accept: accept, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw unreachable(error);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/** A JSON call: the parsed answer, or an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options, 'application/json');
  return (await response.json()) as T;
}

/**
 * What a failed `fetch` means: a cancelled request stays an AbortError (callers tell it from a
 * failure); a browser that cannot reach the server gets the spec's network message (code
 * NETWORK_ERROR, status 0); anything that is not even an Error is 'Network error occurred'.
 */
export function unreachable(error: unknown): Error {
  if (isAbortError(error)) return error as DOMException;
  if (error instanceof Error) return new ApiError(REQUEST_ERRORS.unreachable, 0, 'NETWORK_ERROR');
  return new ApiError(REQUEST_ERRORS.network, 0);
}

/** The readable message of anything thrown ('An unexpected error occurred' otherwise). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return REQUEST_ERRORS.unexpected;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
