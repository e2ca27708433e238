import fp from 'fastify-plugin';
import { ApiError } from '../../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment the server starts closing (SIGTERM): readiness fails, new work is refused. */
    draining: boolean;
  }
  interface FastifyContextConfig {
    /** A route that still answers while the server drains (the probes, which say so themselves). */
    answersWhileDraining?: boolean;
  }
}

/**
 * Draining on shutdown. Closing stops the listener at once (new connections are refused, which
 * balancers retry elsewhere); a request that still arrives on an open keep-alive connection gets a
 * 503 in our own shape with `Connection: close`, while requests already in flight finish.
 */
export default fp(
  async (app) => {
    app.decorate('draining', false);
    app.addHook('preClose', async () => {
      app.draining = true;
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!app.draining || request.routeOptions.config.answersWhileDraining) return;
      reply.header('Connection', 'close');
      throw new ApiError(
        503,
        'SHUTTING_DOWN',
        'This server is shutting down; send the request again and another server will answer it',
        { 'Retry-After': '1' },
      );
    });
  },
  { name: 'drain' },
);
