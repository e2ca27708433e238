import fp from 'fastify-plugin';
import { policyOf } from '../../lib/http/route-policy.ts';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Set by the error handlers: what went wrong, for the request's one log line; `err` (with its
     * stack) only for a failure that is not one of ours (a bug), never for an ApiError.
     */
    failure: { code: string; detail: string; err?: unknown } | null;
  }
}

/** 503s that are the server working as meant (a probe while loading or draining, load shedding). */
const EXPECTED_503 = new Set(['NOT_READY', 'SHUTTING_DOWN', 'OVERLOADED']);

/** A request slower than this is worth a warning (streams excepted: they last as long as an answer). */
export const SLOW_REQUEST_MS = 2000;

/**
 * One log line per request at most, instead of Fastify's two ("incoming request", "request
 * completed"), which at the default level halved throughput. At the default `info` level only what
 * an operator must see is written: a 5xx (error, with the request id, status and reason) and a slow
 * request (warn). `SEMA_LOG_LEVEL=debug` writes one line for every request.
 */
export default fp(
  async (app) => {
    app.decorateReply('failure', null);
    app.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      const ms = Math.round(reply.elapsedTime);
      const line = {
        method: request.method,
        url: request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url,
        status,
        ms,
        ...(reply.failure ?? {}),
      };
      if (status >= 500 && !EXPECTED_503.has(reply.failure?.code ?? ''))
        request.log.error(line, 'request failed');
      else if (status >= 500) request.log.warn(line, 'request refused');
      else if (ms >= SLOW_REQUEST_MS && !isStream(reply.getHeader('content-type')))
        request.log.warn(line, 'slow request');
      else if (!policyOf(request).quietLog) request.log.debug(line, 'request');
      done();
    });
  },
  { name: 'access-log' },
);

function isStream(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/event-stream');
}
