import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { isWebRoute } from '@sema/shared/web-routes';
import { ApiError } from '../../lib/errors.ts';
import { describeValidationError } from '../../lib/validation-errors.ts';

function acceptsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /\btext\/html\b/i.test(accept);
}

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/status') || url.startsWith('/metrics');
}

/**
 * The one error handler: every failure becomes JSON `{ detail, code }` with a fitting status.
 * 5xx details are never sent; they are logged with the request id instead.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      if (error instanceof ApiError) {
        if (error.statusCode >= 500)
          request.log.warn({ code: error.code, detail: error.detail }, 'request failed');
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
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply
            .code(400)
            .send({ detail: `Malformed JSON body: ${error.message}`, code: 'BAD_REQUEST' });
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply.code(413).send({
            detail: `Request body is too large (the limit is ${app.initialConfig.bodyLimit ?? 1048576} bytes)`,
            code: 'PAYLOAD_TOO_LARGE',
          });
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return reply.code(415).send({
            detail: 'Unsupported content type: send application/json',
            code: 'UNSUPPORTED_MEDIA_TYPE',
          });
      }
      if (error instanceof SyntaxError || error.statusCode === 400) {
        return reply.code(400).send({ detail: `Bad request: ${error.message}`, code: 'BAD_REQUEST' });
      }
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status < 500) return reply.code(status).send({ detail: error.message, code: 'BAD_REQUEST' });
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ detail: 'Internal server error', code: 'INTERNAL_ERROR' });
    });

    const indexHtml = path.join(app.config.webDist, 'index.html');
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (isRead && !isApiPath(url) && fs.existsSync(indexHtml)) {
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
