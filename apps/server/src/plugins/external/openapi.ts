import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { SEMA_VERSION } from '../../lib/version.ts';

/** OpenAPI generated from the route schemas, with the interactive explorer at /api/v1/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Sema API',
          description:
            'Free translation API for the 202 languages of NLLB-200. No key, no sign-up. Errors are JSON `{ "detail", "code" }`.',
          version: SEMA_VERSION,
        },
        tags: [
          { name: 'translation', description: 'Translate text' },
          { name: 'detection', description: 'Detect the language of a text' },
          { name: 'languages', description: 'The language catalogue' },
          { name: 'chat', description: 'Chat with the assistant' },
          { name: 'documents', description: 'Translate whole documents' },
          { name: 'status', description: 'Health and limits' },
        ],
      },
      // Routes are declared as '/' under a prefix; the documented paths are the spec's, without the slash.
      transformObject: (documentObject) => {
        if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
        const { openapiObject } = documentObject;
        const document = openapiObject as { paths?: Record<string, unknown> };
        if (document.paths) {
          document.paths = Object.fromEntries(
            Object.entries(document.paths).map(([path, item]) => [
              path.length > 1 ? path.replace(/\/$/, '') : path,
              item,
            ]),
          );
        }
        return openapiObject;
      },
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    });
    app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await app.register(swaggerUi, {
      routePrefix: '/api/v1/docs',
      staticCSP: true,
      // The explorer sets a few inline styles; allow them on its own pages only.
      transformStaticCSP: (header) =>
        header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
    });
  },
  { name: 'openapi' },
);
