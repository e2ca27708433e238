import type http from 'node:http';
import Fastify, {
  LogController,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TrustProxy } from './config/parsers.ts';
import { servesPublicApi, type Config } from './config/schema.ts';
import { answerClientError } from './lib/framework-errors.ts';
import accessLog from './plugins/external/access-log.ts';
import apiKeys from './plugins/external/api-keys.ts';
import drain from './plugins/external/drain.ts';
import { JSON_BODY_LIMIT_BYTES } from './lib/http/limits.ts';
import errors, { answerFrameworkError } from './plugins/external/errors.ts';
import metrics from './plugins/external/metrics.ts';
import nullFields from './plugins/external/null-fields.ts';
import openapi from './plugins/external/openapi.ts';
import operator from './plugins/external/operator.ts';
import rateLimit from './plugins/external/rate-limit.ts';
import redis from './plugins/external/redis.ts';
import requestContext, { requestIdFrom } from './plugins/external/request-context.ts';
import security from './plugins/external/security.ts';
import chat from './plugins/app/chat.ts';
import clientCaps from './plugins/app/client-caps.ts';
import deeplUsage from './plugins/app/deepl-usage.ts';
import detector from './plugins/app/detector.ts';
import documents from './plugins/app/documents.ts';
import glossaries from './plugins/app/glossaries.ts';
import engineStatus from './plugins/app/engine-status.ts';
import storeHealth from './plugins/app/store-health.ts';
import inference from './plugins/app/inference.ts';
import staticWeb from './plugins/app/static-web.ts';
import textTranslation from './plugins/app/text-translation.ts';
import translation, { type MakeTranslationEngine } from './plugins/app/translation.ts';
import probeRoutes from './routes/probes/index.ts';
import inferenceRoutes from './routes/inference/index.ts';
import chatRoutes from './routes/api/v1/chat/index.ts';
import translatedChatRoutes from './routes/api/v1/chat/translated.ts';
import stopTurnRoutes from './routes/api/v1/chat/stop.ts';
import adminKeyRoutes from './routes/api/v1/admin/keys.ts';
import adminGlossaryRoutes from './routes/api/v1/admin/glossaries.ts';
import glossaryRoutes from './routes/api/v1/glossaries/index.ts';
import detectLanguageRoutes from './routes/api/v1/detect-language/index.ts';
import languageRoutes from './routes/api/v1/languages/index.ts';
import sessionRoutes from './routes/api/v1/session/index.ts';
import statusRoutes from './routes/api/v1/status/index.ts';
import translateRoutes from './routes/api/v1/translate/index.ts';
import translateDocumentRoutes from './routes/api/v1/translate-document/index.ts';
import deeplRoutes from './routes/compat/deepl/index.ts';
import libretranslateRoutes from './routes/compat/libretranslate/index.ts';
import openaiRoutes from './routes/compat/openai/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type App = FastifyInstance;

/**
 * The timeouts of the HTTP server, set explicitly rather than left to Node's defaults: headers must
 * arrive within `headersMs` (a client trickling them forever is cut off), the whole request within
 * `requestMs` (Node then answers 408 and closes), and a connection with nothing moving is closed
 * after `idleMs`. Node checks the first two every `checkEveryMs`.
 */
function serverTimeouts(timeouts: Config['timeouts']): Partial<FastifyHttpOptions<http.Server>> {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(timeouts.headersMs / 4))),
    },
  };
}

/** Fastify's typings take a hop count as a function: the `hop` nearest hops are trusted. */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Parts a caller makes itself instead of the app making them from its config. */
export interface AppParts {
  /**
   * Makes the translation engine (the config's, by default): the test kit lends every app one
   * engine on the tiny model, so that a test of routes does not start a model process per app.
   */
  translationEngine?: MakeTranslationEngine;
}

/**
 * Builds the whole app without listening, so tests can `inject()` into exactly what production runs.
 * Order: external plugins, then our services, then routes.
 */
export async function buildApp(
  config: Config,
  options: FastifyServerOptions = {},
  parts: AppParts = {},
): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Our access-log plugin writes one line per request at most (see there), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // While closing, requests still reach our drain hook, which answers 503 in our own error shape.
    return503OnClosing: false,
    // A path Fastify cannot decode is refused before any route: answered in our shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A JSON body holding __proto__ or constructor.prototype keys is accepted with those keys
    // dropped: they are never fields of ours, and refusing them as "malformed" would be untrue.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    ...serverTimeouts(config.timeouts),
    ajv: { customOptions: { allErrors: false, coerceTypes: false, removeAdditional: false } },
    ...options,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  // JSON is the one body type of the API (the document route adds multipart in its own scope);
  // text/plain, which Fastify parses by default, is refused with 415 instead of failing validation.
  app.removeContentTypeParser('text/plain');

  await app.register(errors);
  await app.register(requestContext);
  await app.register(accessLog);
  await app.register(drain);
  await app.register(storeHealth);
  await app.register(operator);
  await app.register(security);
  await app.register(metrics);
  await app.register(redis);
  await app.register(rateLimit);
  await app.register(nullFields);
  await app.register(apiKeys);
  // An inference node (SEMA_INFERENCE_API=on) serves the inference protocol, the probes and /metrics:
  // none of the routes below that are for people and public clients.
  const publicApi = servesPublicApi(config);
  if (publicApi) await app.register(openapi);

  await app.register(clientCaps);
  await app.register(deeplUsage);
  await app.register(engineStatus);
  await app.register(translation, { makeEngine: parts.translationEngine });
  await app.register(detector);
  await app.register(documents);
  await app.register(glossaries);
  await app.register(textTranslation);
  // Chat in the user's language translates through the text-translation service.
  await app.register(chat);
  await app.register(inference);

  await app.register(probeRoutes);
  await app.register(inferenceRoutes);
  if (publicApi) {
    await app.register(statusRoutes, { prefix: '/status', policy: 'monitor' });
    await app.register(statusRoutes, { prefix: '/api/v1/status', policy: 'open' });
    await app.register(sessionRoutes, { prefix: '/api/v1/session' });
    await app.register(languageRoutes, { prefix: '/api/v1/languages' });
    await app.register(detectLanguageRoutes, { prefix: '/api/v1/detect-language' });
    await app.register(translateRoutes, { prefix: '/api/v1/translate' });
    await app.register(translateDocumentRoutes, { prefix: '/api/v1/translate/document' });
    await app.register(chatRoutes, { prefix: '/api/v1/chat' });
    await app.register(translatedChatRoutes, { prefix: '/api/v1/chat' });
    await app.register(stopTurnRoutes, { prefix: '/api/v1/chat' });
    await app.register(glossaryRoutes, { prefix: '/api/v1/glossaries' });
    await app.register(adminGlossaryRoutes, { prefix: '/api/v1/admin/glossaries' });
    await app.register(adminKeyRoutes, { prefix: '/api/v1/admin/keys' });
    await app.register(libretranslateRoutes);
    await app.register(deeplRoutes);
    await app.register(openaiRoutes);
    await app.register(staticWeb);
  }
  return app;
}
