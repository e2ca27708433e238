/**
 * OpenAI's error shape, shared by its chat completions and its Responses API: `{error: {message,
 * type, param, code}}` with OpenAI's statuses, types and codes where it has them.
 */
import { CHAT_ERRORS } from '@sema/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../../lib/errors.ts';
import type { ProtocolFailure } from '../compat-errors.ts';

/** OpenAI's error types, by status. */
function errorType(status: number): string {
  if (status === 401 || status === 403) return 'authentication_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** Our statuses as OpenAI gives them: a bad request is 400 (never 422), a wrong key 401. */
export function openAiStatus(status: number, code?: string): number {
  if (code === 'INVALID_API_KEY' || status === 401) return 401;
  if (status === 422 || status === 413) return 400;
  return status;
}

/** OpenAI's codes where it has one for the same failure; else ours, in lower case. */
export function openAiCode({ status, code }: Pick<ProtocolFailure, 'status' | 'code'>): string | null {
  if (code === 'API_KEY_REQUIRED' || code === 'INVALID_API_KEY') return 'invalid_api_key';
  if (code === 'TEXT_TOO_LONG') return 'context_length_exceeded';
  if (code === 'MODEL_NOT_FOUND') return 'model_not_found';
  if (code === 'QUOTA_EXCEEDED') return 'insufficient_quota';
  if (code) return code.toLowerCase();
  return status === 400 ? 'invalid_request' : null;
}

/**
 * A spent budget is OpenAI's `insufficient_quota` (type and code), not a rate limit: its clients
 * retry a 429 `rate_limit_error` (the `openai` package three times by default) but not a refusal
 * that says it cannot succeed, which `x-should-retry: false` tells them (quotaHeaders).
 */
const isQuota = (failure: Pick<ProtocolFailure, 'code'>) => failure.code === 'QUOTA_EXCEEDED';

/** Headers OpenAI's clients read: `x-should-retry: false` on a refusal that retrying cannot change. */
export function quotaHeaders(failure: ProtocolFailure): Record<string, string> {
  return isQuota(failure) ? { 'x-should-retry': 'false' } : {};
}

export function errorBody(failure: ProtocolFailure) {
  return {
    error: {
      message: failure.message,
      type: isQuota(failure) ? 'insufficient_quota' : errorType(failure.status),
      param: failure.param ?? null,
      code: openAiCode(failure),
    },
  };
}

/** A failure in the middle of a stream as OpenAI's error object; anything not ours is logged, kept private. */
export function streamFailure(failure: unknown, log: FastifyBaseLogger): ProtocolFailure {
  if (failure instanceof ApiError) {
    return {
      status: openAiStatus(failure.statusCode, failure.code),
      message: failure.detail,
      code: failure.code,
    };
  }
  log.error({ err: failure }, 'OpenAI-compatible chat stream failed');
  return { status: 502, message: CHAT_ERRORS.CHAT_ERROR, code: 'CHAT_ERROR' };
}
