import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.ts';

/** A refusal in a compatibility API's own words, with the status that protocol gives it. */
export class CompatError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface ProtocolErrors {
  /** The protocol's status for one of our services' statuses and codes (its set of statuses is smaller). */
  status: (ours: number, code?: string) => number;
  /** The protocol's error body for a message: `{error}`, `{message}` … */
  body: (message: string) => Record<string, string>;
  /** What a malformed request (a framework 4xx: bad JSON, a wrong content type) is called. */
  invalid: string;
  /** Names the API in the log line of a failure. */
  name: string;
}

/**
 * Answers every failure of a compatibility API's routes in that protocol's shape: its own refusals
 * as they are, our services' errors with the status mapped (and their headers, such as
 * Retry-After), a framework 4xx as `invalid`, anything else as a logged 500.
 */
export function answerInProtocolShape(app: FastifyInstance, protocol: ProtocolErrors): void {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    let status = 500;
    let message = 'Internal server error';
    if (error instanceof CompatError) [status, message] = [error.status, error.message];
    else if (error instanceof ApiError) {
      [status, message] = [protocol.status(error.statusCode, error.code), error.detail];
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    } else if (error.statusCode && error.statusCode < 500) {
      [status, message] = [protocol.status(error.statusCode), protocol.invalid];
    }
    if (status >= 500) request.log.error({ err: error }, `${protocol.name}-compatible request failed`);
    return reply.code(status).send(protocol.body(message));
  });
}
