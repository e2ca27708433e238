import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { defaultPolicy } from '../../lib/http/route-policy.ts';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is always revalidated so
 * a new release is picked up at once. Unknown paths fall through to the history fallback.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    if (!fs.existsSync(root)) {
      app.log.warn({ root }, 'web app is not built; run `npm run build` (npm start does it for you)');
      app.get('/', { config: { policy: 'page' }, schema: { hide: true } }, async (_request, reply) =>
        reply
          .type('text/plain')
          .send(
            'Sema API is running. The web app is not built: run `npm run build`. API explorer: /api/v1/docs',
          ),
      );
      return;
    }
    // The library's routes get the page policy in their own scope (no key, no limit, same origin).
    await app.register(async (scope) => {
      defaultPolicy(scope, 'page');
      await scope.register(fastifyStatic, {
        root,
        wildcard: true,
        index: ['index.html'],
        // The web build writes .br and .gz beside each asset: sent as they are when the browser accepts them.
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const immutable = /[\\/]assets[\\/]/.test(filePath);
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  },
  { name: 'static-web' },
);
