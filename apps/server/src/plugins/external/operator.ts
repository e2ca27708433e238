import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/errors.ts';
import { policyOf } from '../../lib/http/route-policy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * True when the request is the operator's: it carries `Authorization: Bearer <SEMA_ADMIN_TOKEN>`,
     * or SEMA_OPERATOR_ROUTES=open. Operators see /metrics and the detailed /status.
     */
    isOperator(request: FastifyRequest): boolean;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The operator's routes (declared with the `operator` policy: /metrics) answer only to the
 * operator's token; what everyone else may see of the server's internals is decided by the routes
 * (the plain /status) through `app.isOperator`.
 */
export default fp(
  async (app) => {
    const { adminToken, operatorRoutes } = app.config.access;
    const expected = adminToken ? digest(adminToken) : undefined;
    app.decorate('isOperator', (request: FastifyRequest) => {
      if (operatorRoutes === 'open') return true;
      const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1];
      // Compared as digests, in constant time: the token's length tells nothing either.
      return expected !== undefined && given !== undefined && timingSafeEqual(digest(given), expected);
    });
    app.addHook('onRequest', (request, _reply, done) => {
      if (!policyOf(request).operator || app.isOperator(request)) return done();
      done(
        new ApiError(
          401,
          'OPERATOR_TOKEN_REQUIRED',
          expected
            ? "This is for the server's operator: send Authorization: Bearer <SEMA_ADMIN_TOKEN>"
            : "This is for the server's operator, and this server has no SEMA_ADMIN_TOKEN set",
        ),
      );
    });
  },
  { name: 'operator' },
);
