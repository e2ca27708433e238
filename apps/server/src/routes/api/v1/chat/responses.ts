import { Type, type TSchema } from '@sinclair/typebox';
import { ErrorResponse } from '@sema/shared/api/schemas';

/**
 * The answers both chat routes document: the answer as JSON, or with `stream: true` as
 * server-sent events (`events` describes them), and the same errors (404 only where a stored
 * glossary can be named).
 */
export function chatResponses(answer: TSchema, events: string, options: { glossaries?: boolean } = {}) {
  return {
    200: {
      description: 'The answer as JSON, or with `stream: true` as server-sent events (see above)',
      content: {
        'application/json': { schema: answer },
        'text/event-stream': { schema: Type.String({ description: events }) },
      },
    },
    ...(options.glossaries ? { 404: ErrorResponse } : {}),
    413: ErrorResponse,
    422: ErrorResponse,
    429: ErrorResponse,
    502: ErrorResponse,
    503: ErrorResponse,
    504: ErrorResponse,
  };
}
