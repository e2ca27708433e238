/**
 * Turns whatever went wrong upstream into the spec's chat errors (part 8: AUTH_ERROR, RATE_LIMIT,
 * NETWORK_ERROR, CHAT_ERROR) with an HTTP status that says whose fault it was.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChatStreamEvent } from '@sema/shared/api/chat';
import { CHAT_ERRORS } from '@sema/shared/errors';
import { ApiError } from '../lib/errors.ts';

/** How a chat that cannot run at all explains itself (503, and in /status). */
export const NOT_CONFIGURED_HELP =
  'set SEMA_CHAT_API_KEY (or HF_TOKEN) to use the Hugging Face router, SEMA_CHAT_BASE_URL for any OpenAI-compatible server, or SEMA_CHAT_LOCAL_MODEL to a GGUF file or hub URI for the built-in local model';

export function chatNotConfigured(reason: string): ApiError {
  return new ApiError(
    503,
    'CHAT_NOT_CONFIGURED',
    `Chat is not configured: ${reason}. To enable it, ${NOT_CONFIGURED_HELP}.`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The readable message inside an upstream error body. Servers disagree on the shape:
 * `{ error: { message } }` (OpenAI, vLLM, llama.cpp), `{ error: "…" }` (Ollama, HF router),
 * `{ message }`, `{ detail }` (FastAPI, Sema), or plain text.
 */
export function upstreamErrorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (!isRecord(body)) return undefined;
  const { error } = body;
  if (typeof error === 'string' && error.trim()) return error.trim();
  if (isRecord(error)) {
    if (typeof error.message === 'string' && error.message.trim()) return error.message.trim();
    if (typeof error.detail === 'string' && error.detail.trim()) return error.detail.trim();
  }
  for (const key of ['message', 'detail'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

/** An HTTP status carried inside an error body (`{ error: { code: 429 } }`, `{ status: 401 }`), if any. */
export function upstreamErrorStatus(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  const candidates = [body.status, body.code, isRecord(body.error) ? body.error.code : undefined];
  if (isRecord(body.error)) candidates.push(body.error.status);
  for (const candidate of candidates) {
    const status = Number(candidate);
    if (Number.isInteger(status) && status >= 400 && status < 600) return status;
  }
  return undefined;
}

/** Maps an upstream HTTP failure to the spec's chat error. */
export function chatErrorForStatus(
  status: number,
  message: string | undefined,
  retryAfter?: string | null,
): ApiError {
  if (status === 401 || status === 403) return new ApiError(502, 'AUTH_ERROR', CHAT_ERRORS.AUTH_ERROR);
  if (status === 429) {
    return new ApiError(
      429,
      'RATE_LIMIT',
      CHAT_ERRORS.RATE_LIMIT,
      retryAfter ? { 'Retry-After': retryAfter } : {},
    );
  }
  if (status === 408 || status === 504) return new ApiError(504, 'NETWORK_ERROR', CHAT_ERRORS.NETWORK_ERROR);
  return new ApiError(502, 'CHAT_ERROR', message || CHAT_ERRORS.CHAT_ERROR);
}

/**
 * Maps an error that carries only text (a mid-stream `data: {"error": …}` without a status), by the
 * spec's rule of matching the message. "token" must be the word, so that "max 4096 tokens" stays a
 * CHAT_ERROR instead of becoming an authentication failure.
 */
export function chatErrorForMessage(message: string | undefined): ApiError {
  const text = message ?? '';
  if (/\btoken\b|unauthori[sz]ed|authentication|api key/i.test(text)) return chatErrorForStatus(401, text);
  if (/rate limit/i.test(text)) return chatErrorForStatus(429, text);
  if (/network|fetch/i.test(text)) return new ApiError(502, 'NETWORK_ERROR', CHAT_ERRORS.NETWORK_ERROR);
  return chatErrorForStatus(500, text);
}

/** Maps an error body (as parsed JSON, or text) received with or without an HTTP status. */
export function chatErrorForBody(body: unknown, status?: number, retryAfter?: string | null): ApiError {
  const message = upstreamErrorMessage(body);
  const effective = status ?? upstreamErrorStatus(body);
  return effective ? chatErrorForStatus(effective, message, retryAfter) : chatErrorForMessage(message);
}

/**
 * Maps a thrown error from talking to the upstream. `timedOut` tells a timeout from a refused or
 * reset connection; both are NETWORK_ERROR, with 504 and 502.
 */
export function chatErrorForFailure(error: unknown, timedOut: boolean): ApiError {
  if (error instanceof ApiError) return error;
  if (timedOut) return new ApiError(504, 'NETWORK_ERROR', CHAT_ERRORS.NETWORK_ERROR);
  return new ApiError(502, 'NETWORK_ERROR', CHAT_ERRORS.NETWORK_ERROR);
}

/** A streamed answer's `error` event; anything that is not an ApiError is logged and kept private. */
export function chatErrorEvent(
  error: unknown,
  log: FastifyBaseLogger,
): Extract<ChatStreamEvent, { type: 'error' }> {
  if (error instanceof ApiError) return { type: 'error', detail: error.detail, code: error.code };
  log.error({ err: error }, 'chat stream failed');
  return { type: 'error', detail: CHAT_ERRORS.CHAT_ERROR, code: 'CHAT_ERROR' };
}
