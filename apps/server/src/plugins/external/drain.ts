import fp from 'fastify-plugin';
import { ApiError } from '../../lib/errors.ts';
import { policyOf } from '../../lib/http/route-policy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * True from SIGTERM: readiness fails, so balancers stop sending, while requests are still
     * served (for `SEMA_DRAIN_DELAY_SECONDS`, until `draining`).
     */
    stopping: boolean;
    /** True from the moment the server starts closing: readiness fails, new work is refused. */
    draining: boolean;
    /**
     * Open server-sent-event streams (chat answers, document progress: `lib/http/sse.ts` lists each),
     * each with how to end it early.
     */
    openStreams: Set<(reason: ApiError) => void>;
    /**
     * Ends every open stream with a `SHUTTING_DOWN` error event, so that shutdown does not wait
     * past its grace period for an answer that is still being written.
     */
    endOpenStreams(): void;
  }
}

/**
 * Draining on shutdown. Closing stops the listener at once (new connections are refused, which
 * balancers retry elsewhere); a request that still arrives on an open keep-alive connection gets a
 * 503 in our own shape with `Connection: close`, while requests already in flight finish.
 */
export default fp(
  async (app) => {
    app.decorate('stopping', false);
    app.decorate('draining', false);
    app.decorate('openStreams', new Set<(reason: ApiError) => void>());
    app.decorate('endOpenStreams', () => {
      const reason = new ApiError(
        503,
        'SHUTTING_DOWN',
        'This server is shutting down; send the message again and another server will answer it',
      );
      for (const end of app.openStreams) end(reason);
      app.openStreams.clear();
    });
    app.addHook('preClose', async () => {
      app.draining = true;
    });
    // Every answer given while draining closes its connection, the probes' too: a kept-alive
    // connection would otherwise hold the shutdown until its keep-alive timeout.
    app.addHook('onSend', (_request, reply, _payload, done) => {
      if (app.draining) reply.header('Connection', 'close');
      done();
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (!app.draining || policyOf(request).whileDraining) return done();
      reply.header('Connection', 'close');
      done(
        new ApiError(
          503,
          'SHUTTING_DOWN',
          'This server is shutting down; send the request again and another server will answer it',
          { 'Retry-After': '1' },
        ),
      );
    });
  },
  { name: 'drain' },
);
