import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { DOCUMENT_HEADERS } from '@sema/shared/api/documents';
import { policyOf, type RoutePolicyName } from '../../lib/http/route-policy.ts';

/** What a page on another origin may read of an answer (request ids, limits, a document's facts). */
const EXPOSED_HEADERS = [
  'X-Request-ID',
  'X-Response-Time',
  'Retry-After',
  'Content-Disposition',
  ...Object.values(DOCUMENT_HEADERS),
];

/**
 * Security headers on everything; CORS open only on routes whose policy says so (the public APIs),
 * a preflight answered by the policy of the route it asks about. The app loads nothing from other
 * hosts, so the content security policy can stay strict.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
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
    });
    // CORS adds one route, OPTIONS *, which only lets preflights in (the hook below answers them
    // by the policy of the route they ask about): it is given the page policy as it is added.
    app.addHook('onRoute', (route) => {
      if (route.url !== '*' || route.method !== 'OPTIONS') return;
      const config = (route.config ??= {}) as { policy?: RoutePolicyName };
      config.policy ??= 'page';
    });
    await app.register(cors, {
      hook: 'onRequest',
      delegator: (request, callback) => {
        const asked = request.headers['access-control-request-method'];
        const policy =
          request.method === 'OPTIONS' && typeof asked === 'string'
            ? app.routeMethods.policyAt(request.url.split('?')[0] ?? '/', asked)
            : policyOf(request);
        callback(null, policy?.cors ? { origin: '*', exposedHeaders: EXPOSED_HEADERS } : { origin: false });
      },
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
