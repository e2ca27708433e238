import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/errors.ts';
import { describeValidationError } from '../../lib/validation-errors.ts';

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
      // The web app routes on the client: any other GET that accepts HTML gets index.html.
      if (request.method === 'GET' && !isApiPath(url) && fs.existsSync(indexHtml)) {
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(fs.createReadStream(indexHtml));
      }
      return reply.code(404).send({ detail: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'errors' },
);
