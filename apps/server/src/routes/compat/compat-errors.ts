import type { FastifyError, FastifyInstance } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { ApiError } from '../../lib/errors.ts';
import { QuotaExceededError } from '../../lib/quota-exceeded.ts';
import { frameworkError } from '../../lib/framework-errors.ts';
import { JSON_BODY_LIMIT_BYTES } from '../../lib/http/limits.ts';
import { describeValidationError } from '../../lib/validation-errors.ts';
import {
  refusalDetail,
  TextRefusalError,
  type FieldNames,
  type TextRefusal,
} from '../../text-translation/refusals.ts';

/** A refusal in a compatibility API's own words, with the status that protocol gives it. */
export class CompatError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The request field at fault, for protocols that name it (OpenAI's `param`). */
    readonly param?: string,
    /** Our error code, for protocols that answer one (OpenAI's `model_not_found`). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** What a protocol's error body is built from. */
export interface ProtocolFailure {
  /** The protocol's status. */
  status: number;
  message: string;
  /** Our error code, when the failure came from our services. */
  code?: string;
  param?: string;
}

interface ProtocolErrors {
  /** The protocol's status for one of our services' statuses and codes (its set of statuses is smaller). */
  status: (ours: number, code?: string) => number;
  /** The protocol's error body: `{error}`, `{message}`, `{error: {message, type, code}}` … */
  body: (failure: ProtocolFailure) => Record<string, unknown>;
  /** What a malformed request is called when nothing more specific is known about it. */
  invalid: string;
  /** Names the API in the log line of a failure. */
  name: string;
  /** The protocol's names for the request fields a text-translation refusal names. */
  fields: FieldNames;
  /** The protocol's own words for a refusal, given what it says in the protocol's field names. */
  words?: (refusal: TextRefusal, detail: string) => string;
  /** The protocol's own words for a request its route schema refuses (a missing or mistyped field). */
  invalidRequest?: (errors: FastifySchemaValidationError[]) => string;
  /** The protocol's own words for a spent monthly budget (lib/quota-exceeded.ts), if not our sentence. */
  quotaWords?: (sentence: string) => string;
  /** Headers the protocol's clients read on a failure (OpenAI's `x-should-retry`). */
  headers?: (failure: ProtocolFailure) => Record<string, string>;
}

/**
 * Answers every failure of a compatibility API's routes in that protocol's shape: its own refusals
 * as they are, the text-translation service's refusals in its words, our services' errors with the
 * status mapped (and their headers, such as Retry-After), a framework 4xx as `invalid`, anything
 * else as a logged 500.
 */
export function answerInProtocolShape(app: FastifyInstance, protocol: ProtocolErrors): void {
  app.setErrorHandler((error: Partial<FastifyError> & Error, request, reply) => {
    let status = 500;
    let message = 'Internal server error';
    let code: string | undefined;
    let param: string | undefined;
    if (error instanceof CompatError) {
      [status, message, param, code] = [error.status, error.message, error.param, error.code];
    } else if (error instanceof TextRefusalError) {
      [status, code] = [protocol.status(error.statusCode, error.code), error.code];
      const detail = refusalDetail(error.refusal, protocol.fields);
      message = protocol.words ? protocol.words(error.refusal, detail) : detail;
    } else if (error instanceof ApiError) {
      [status, message, code] = [protocol.status(error.statusCode, error.code), error.detail, error.code];
      if (error instanceof QuotaExceededError && protocol.quotaWords) message = protocol.quotaWords(message);
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    } else if (error.statusCode && error.statusCode < 500) {
      // A framework refusal (bad JSON, a wrong content type, a field of the wrong type) says what is
      // wrong in the same words as our own API, in the protocol's shape.
      const known = frameworkError(error.code, {
        bodyLimit: app.initialConfig.bodyLimit ?? JSON_BODY_LIMIT_BYTES,
        contentType: request.headers['content-type'],
      });
      const detail = error.validation
        ? (protocol.invalidRequest?.(error.validation) ??
          describeValidationError(error.validation, error.validationContext ?? 'body'))
        : known?.detail;
      [status, message] = [protocol.status(error.statusCode), detail ?? protocol.invalid];
    }
    // Logged once, by the access log (plugins/external/access-log.ts): our services' errors with their
    // code and reason (an upstream's 500 is not a bug here: no stack), anything else with its stack.
    if (status >= 500) {
      reply.failure =
        error instanceof ApiError
          ? { code: error.code, detail: error.detail }
          : { code: 'INTERNAL_ERROR', detail: `${protocol.name}-compatible request failed`, err: error };
    }
    const failure = { status, message, code, param };
    for (const [name, value] of Object.entries(protocol.headers?.(failure) ?? {})) reply.header(name, value);
    return reply.code(status).send(protocol.body(failure));
  });
}
