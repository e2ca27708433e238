import { SESSION_HEADER } from '@sema/shared/api/headers';
import type { SessionResponse } from '@sema/shared/api/schemas';
import { REQUEST_ERRORS } from '@sema/shared/errors';

import { storedApiKey } from './api-key';

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

/** Points the client at another server: its session and its key setting are that server's to give. */
export function setApiOrigin(origin: string): void {
  apiOrigin = origin.replace(/\/+$/, '');
  session = undefined;
  keysRequired = undefined;
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
  // The server's words are for API clients (which header to send); a visitor pastes a key instead.
  const keyWords =
    code === 'API_KEY_REQUIRED'
      ? 'This server needs an API key: paste yours on the Developer page (it stays on this device).'
      : code === 'INVALID_API_KEY'
        ? 'This server does not know the API key kept on this device: check it on the Developer page.'
        : undefined;
  return new ApiError(
    keyWords ?? detail ?? REQUEST_ERRORS.requestFailed(response.status),
    response.status,
    code,
  );
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** JSON, or a FormData for a file upload. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Ask the server even when the browser's HTTP cache holds a fresh answer (it revalidates, so an
   * unchanged one costs a 304 without a body): for what the app keeps in a cache of its own.
   */
  revalidate?: boolean;
}

/**
 * The session token this page sends while the server wants API keys (POST /api/v1/session): asked
 * for before the first request that does work, kept until a minute before it ends. Null when the
 * server needs none (keys off), or wants a real key from the web app too.
 */
let session: Promise<{ token: string | null; until: number }> | undefined;

/**
 * Whether the server wants API keys, as its status last said (undefined until one is read): with
 * keys off there is no session to ask for, which saves a request on every page load.
 */
let keysRequired: boolean | undefined;

/** What the server's status says of API keys (GET /api/v1/status, `api_key_required`). */
export function noteApiKeysRequired(required: boolean): void {
  keysRequired = required;
}

async function sessionToken(signal?: AbortSignal): Promise<string | null> {
  // The visitor's own key goes instead of a token.
  if (keysRequired === false || storedApiKey()) return null;
  const current = session && (await session.catch(() => undefined));
  if (current && current.until > Date.now()) return current.token;
  session = send('/session', { method: 'POST', signal }, 'application/json').then(async (response) => {
    if (!response.ok) throw await errorFromResponse(response);
    const answer = (await response.json()) as SessionResponse;
    const until = answer.expires_at ? Date.parse(answer.expires_at) - 60_000 : Number.POSITIVE_INFINITY;
    return { token: answer.token, until };
  });
  // A failed ask is not kept: the next request asks again (and fails with the server's words).
  session.catch(() => (session = undefined));
  return (await session).token;
}

async function send(
  path: string,
  { method = 'GET', body, signal, revalidate }: RequestOptions,
  accept: string,
  token?: string | null,
) {
  const form = body instanceof FormData;
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const key = storedApiKey();
  if (key) headers['X-API-Key'] = key;
  else if (token) headers[SESSION_HEADER] = token;
  try {
    return await fetch(apiUrl(path), {
      method: body === undefined ? method : 'POST',
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
      ...(revalidate && { cache: 'no-cache' as const }),
    });
  } catch (error) {
    throw unreachable(error);
  }
}

/**
 * Sends a request; a failed answer throws an ApiError with the server's `detail` and `code`, and a
 * server out of reach throws the network error. The one place the app calls `fetch`. A request
 * that does work (anything but a read) carries the session token when the server gives one, and is
 * sent once more with a fresh token if the one it had has ended (or if it went without one because
 * the status said keys were off, and they are on now).
 */
export async function apiFetch(path: string, options: RequestOptions, accept: string) {
  const works = options.body !== undefined || options.method === 'POST';
  let response = await send(path, options, accept, works ? await sessionToken(options.signal) : undefined);
  // An ended token, or keys turned on since the status said they were off: ask for a session, once.
  const refused = works && response.status === 401 ? await codeOf(response) : undefined;
  if (
    refused === 'SESSION_EXPIRED' ||
    refused === 'SESSION_INVALID' ||
    (refused === 'API_KEY_REQUIRED' && keysRequired === false)
  ) {
    session = undefined;
    keysRequired = undefined;
    response = await send(path, options, accept, await sessionToken(options.signal));
  }
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/** The error code of a refusal, read from a copy so the answer can still be read after. */
async function codeOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
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
