import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Returns the client's X-Request-ID when it is sane, else a fresh one (so logs can be joined across hops). */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/** X-Request-ID and X-Response-Time on every response. */
export default fp(
  async (app) => {
    // Callback-style hooks here and in the other plugins every request meets: an async hook costs
    // a promise and a turn of the microtask queue per request for work that is synchronous.
    app.addHook('onSend', (request, reply, _payload, done) => {
      reply.header('X-Request-ID', request.id);
      reply.header('X-Response-Time', `${reply.elapsedTime.toFixed(1)}ms`);
      done();
    });
  },
  { name: 'request-context' },
);
