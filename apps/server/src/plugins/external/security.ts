import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { DOCUMENT_HEADERS } from '@sema/shared/api/documents';
import { policyOf, type RoutePolicyName } from '../../lib/http/route-policy.ts';

/** What a page on another origin may read of an answer (request ids, limits, a document's facts). */
const EXPOSED_HEADERS = [
  'X-Request-ID',
  'X-Response-Time',
  'Retry-After',
  'Content-Disposition',
  ...Object.values(DOCUMENT_HEADERS),
].join(', ');

/** The methods a preflight is told the public APIs take. */
const PREFLIGHT_METHODS = 'GET,HEAD,POST';

/** The app loads nothing from other hosts, so the content security policy can stay strict. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers for these options, worked out once: they are the same for every answer (no
 * nonces), where running Helmet per request rebuilt its middlewares and re-parsed the policy each
 * time (a tenth of a small request's CPU).
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: unknown) => (headers[name] = String(value)),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on everything; CORS open (`*`) only on routes whose policy says so (the public
 * APIs), and a preflight answered by the policy of the route it asks about. Both are one cheap
 * hook, since every request meets them.
 */
export default fp(
  async (app) => {
    const headers = securityHeaders();
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      const asked = request.headers['access-control-request-method'];
      if (request.method === 'OPTIONS' && typeof asked === 'string') {
        const policy = app.routeMethods.policyAt(request.url.split('?')[0] ?? '/', asked);
        // Not a public API: no CORS headers; the OPTIONS route below answers 404.
        if (!policy?.cors) return done();
        reply
          .header('Access-Control-Allow-Origin', '*')
          .header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
        if (!request.headers.origin) {
          reply.code(400).type('text/plain').send('Invalid Preflight Request');
          return;
        }
        reply
          .header('Access-Control-Allow-Methods', PREFLIGHT_METHODS)
          .header('Vary', 'Access-Control-Request-Headers');
        const wanted = request.headers['access-control-request-headers'];
        if (wanted !== undefined) reply.header('Access-Control-Allow-Headers', wanted);
        // An empty 204 with its length: Safari waits for a body otherwise.
        reply.code(204).header('Content-Length', '0').send();
        return;
      }
      if (policyOf(request).cors) {
        reply
          .header('Access-Control-Allow-Origin', '*')
          .header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      }
      done();
    });
    // Lets OPTIONS requests reach the hook above; one it did not answer asks about no public API.
    app.options(
      '*',
      { schema: { hide: true }, config: { policy: 'page' satisfies RoutePolicyName } },
      (_request, reply) => reply.callNotFound(),
    );
  },
  { name: 'security', dependencies: ['errors'] },
);
