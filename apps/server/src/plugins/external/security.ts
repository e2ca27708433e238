import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { isApiPath } from '../../lib/http/paths.ts';

/**
 * Security headers on everything; CORS open only on the public API, which needs no key.
 * The app loads nothing from other hosts, so the content security policy can stay strict.
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
    await app.register(cors, {
      hook: 'onRequest',
      delegator: (request, callback) => {
        callback(
          null,
          isApiPath(request.url ?? '')
            ? {
                origin: '*',
                exposedHeaders: [
                  'X-Request-ID',
                  'X-Response-Time',
                  'Retry-After',
                  'Content-Disposition',
                  'X-Source-Language',
                  'X-Target-Language',
                  'X-Characters',
                  'X-Processing-Time',
                  'X-Document-Note',
                ],
              }
            : { origin: false },
        );
      },
    });
  },
  { name: 'security' },
);
