import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isWebRoute } from '@sema/shared/web-routes';
import { ApiError } from '../../lib/errors.ts';
import { JSON_BODY_LIMIT_BYTES } from '../../lib/http/limits.ts';
import { frameworkError, genericClientError, type ClientError } from '../../lib/framework-errors.ts';
import { servesPublicApi } from '../../config/schema.ts';
import { describeValidationError } from '../../lib/validation-errors.ts';
import { RouteMethods } from '../../lib/route-methods.ts';

/** DeepL's API paths (routes/compat/deepl); an inference node's /v2 is KServe's instead. */
const DEEPL_PATH = /^\/v[23](\/|$)/;

function acceptsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /\btext\/html\b/i.test(accept);
}

function send(reply: FastifyReply, { status, code, detail }: ClientError): FastifyReply {
  return reply.code(status).send({ detail, code });
}

/** Fastify's own refusals (a path it cannot decode) in our shape; see `frameworkErrors` in app.ts. */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known = frameworkError(error.code, { bodyLimit: 0 });
  void send(reply, known ?? genericClientError(400));
  request.log.info({ code: error.code }, 'request refused by the router');
}

/**
 * The one error handler: every failure becomes JSON `{ detail, code }` with a fitting status, and
 * never a framework message meant for developers. 5xx details are never sent; they are logged with
 * the request id instead. The not-found handler answers 405 with `Allow` for a known path asked with
 * the wrong method, the web app's shell for its pages, and a JSON 404 for the rest.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Every route's path, methods and declared policy (for 405s, CORS preflights, the 404 page). */
    routeMethods: RouteMethods;
  }
}

export default fp(
  async (app) => {
    const routes = new RouteMethods();
    app.decorate('routeMethods', routes);
    app.addHook('onRoute', (route) => routes.add(route));

    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      if (error instanceof ApiError) {
        // Logged once, by the access log, with the status and this reason.
        if (error.statusCode >= 500) reply.failure = { code: error.code, detail: error.detail };
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ detail: error.detail, code: error.code });
      }
      // A request whose client disconnected was cancelled on purpose: nobody is waiting for an answer.
      if (error.name === 'AbortError' && (request.raw.destroyed || request.raw.socket?.destroyed)) {
        request.log.info('request cancelled: the client went away');
        return reply.code(499).send({ detail: 'The client closed the request', code: 'CLIENT_CLOSED' });
      }
      if (error.validation) {
        const detail = describeValidationError(error.validation, error.validationContext ?? 'body');
        return reply.code(422).send({ detail, code: 'VALIDATION_ERROR' });
      }
      const known = frameworkError(error.code, {
        bodyLimit: app.initialConfig.bodyLimit ?? JSON_BODY_LIMIT_BYTES,
        contentType: request.headers['content-type'],
      });
      if (known) return send(reply, known);
      if (error instanceof SyntaxError) return send(reply, genericClientError(400));
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        return send(reply, genericClientError(status));
      }
      // Logged once, by the access log, with the stack.
      reply.failure = { code: 'INTERNAL_ERROR', detail: error.message, err: error };
      return reply.code(500).send({ detail: 'Internal server error', code: 'INTERNAL_ERROR' });
    });

    const indexHtml = path.join(app.config.webDist, 'index.html');
    // An inference node serves no pages.
    const webApp = servesPublicApi(app.config);
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const allowed = routes.allowed(url);
      // On a server of the public API, /v2 and /v3 are DeepL's: its clients read `{message}`.
      const deepl = webApp && DEEPL_PATH.test(url);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        const detail = `Method ${request.method} is not allowed on ${url}: use ${allowed.join(' or ')}`;
        return reply
          .code(405)
          .header('Allow', allowed.join(', '))
          .send(deepl ? { message: detail } : { detail, code: 'METHOD_NOT_ALLOWED' });
      }
      if (deepl) return reply.code(404).send({ message: `Not found: ${request.method} ${url}` });
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (isRead && webApp && !routes.isApiPath(url) && fs.existsSync(indexHtml)) {
        // The web app routes on the client: its own pages get the app shell. Another path gets it
        // too when a browser asks for a page (so the app can show its not-found page), but with 404,
        // so that a probe of a mistyped or future route never looks healthy.
        const isPage = isWebRoute(url);
        if (isPage || acceptsHtml(request.headers.accept)) {
          return reply
            .code(isPage ? 200 : 404)
            .type('text/html; charset=utf-8')
            .header('Cache-Control', 'no-cache')
            .send(fs.createReadStream(indexHtml));
        }
      }
      return reply.code(404).send({ detail: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'errors' },
);
