import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { ErrorResponse } from '@sema/shared/api/schemas';
import { SEMA_VERSION } from '../../lib/version.ts';
import { declaredPolicy, defaultPolicy } from '../../lib/http/route-policy.ts';

/**
 * Failures any route can answer with, whatever it does, documented on every route: a path Fastify
 * cannot decode (400), parameters or a query that fail validation (422), the rate limit or a
 * client's cap (429), and a server draining or overloaded (503). Routes that take a body can also
 * refuse its size (413) and its type (415).
 */
const ANY_ROUTE = [400, 422, 429, 503] as const;
const WITH_BODY = [413, 415] as const;

/** With API keys configured (SEMA_API_KEYS), routes that do work also answer 401 and 403. */
const WITH_KEY = [401, 403] as const;

function withCommonErrors(
  schema: { response?: Record<string | number, unknown> },
  method: string,
  needsKey: boolean,
): void {
  const response = (schema.response ??= {});
  const statuses: number[] = ['POST', 'PUT', 'PATCH'].includes(method)
    ? [...ANY_ROUTE, ...WITH_BODY]
    : [...ANY_ROUTE];
  if (needsKey) statuses.push(...WITH_KEY);
  for (const status of statuses) response[status] ??= ErrorResponse;
}

/**
 * The explorer's opening text (Markdown): what the API offers besides the operations listed below
 * it, the other protocols this server speaks, and the way back to the app.
 */
export function apiDescription(keyRequired: boolean): string {
  return [
    '[← Back to the app](/) · [API documentation](/developer)',
    '',
    'Translation for the 202 languages of NLLB-200: one text (`/api/v1/translate`), several at once ' +
      '(`/api/v1/translate/batch`), whole documents (`/api/v1/translate/document`), stored glossaries ' +
      '(`/api/v1/glossaries`) and chat with the assistant in any of the languages (`/api/v1/chat/translated`; ' +
      '`/api/v1/chat` speaks to the model as is).',
    '',
    'The same server also answers clients written for other services: the LibreTranslate API at the root ' +
      '(`/translate`, `/detect`, `/languages`, `/translate_file`, `/frontend/settings`; its Swagger document at `/spec`) and the DeepL API v2 ' +
      'under `/v2` (`/v2/translate`, `/v2/document`, `/v2/glossaries`, `/v2/languages`, `/v2/usage`), ' +
      'and OpenAI-compatible chat under `/v1` (`/v1/chat/completions`, `/v1/models`).',
    '',
    keyRequired
      ? 'This server needs an API key: send it as `Authorization: Bearer <key>`, `X-API-Key`, or `api_key`.'
      : 'No key, no sign-up.',
    'Errors are JSON `{ "detail", "code" }`.',
  ].join('\n');
}

/** OpenAPI generated from the route schemas, with the interactive explorer at /api/v1/docs. */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const schema = route.schema as
        { hide?: boolean; response?: Record<string | number, unknown> } | undefined;
      if (!schema || schema.hide) return;
      withCommonErrors(schema, [route.method].flat()[0] ?? 'GET', declaredPolicy(route)?.key === true);
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Sema API',
          description: apiDescription(app.apiKeys.enabled),
          version: SEMA_VERSION,
        },
        tags: [
          { name: 'translation', description: 'Translate text' },
          { name: 'detection', description: 'Detect the language of a text' },
          { name: 'languages', description: 'The language catalogue' },
          { name: 'chat', description: 'Chat with the assistant' },
          { name: 'documents', description: 'Translate whole documents' },
          {
            name: 'glossaries',
            description: 'Stored glossaries: terms with fixed translations, per language pair',
          },
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
    app.get('/api/v1/openapi.json', { config: { policy: 'open' }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
    // The explorer's routes are the library's: they get the public API's policy in their own scope.
    await app.register(async (scope) => {
      defaultPolicy(scope, 'open');
      await scope.register(swaggerUi, {
        routePrefix: '/api/v1/docs',
        staticCSP: true,
        // The explorer sets a few inline styles; allow them on its own pages only.
        transformStaticCSP: (header) =>
          header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
      });
    });
  },
  { name: 'openapi' },
);
