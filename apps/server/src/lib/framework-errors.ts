import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * What the client is told when Fastify or one of its plugins refuses a request. Their own messages
 * are written for developers ("Body is not valid JSON but content-type is set to …"); these say
 * what is wrong and what to send instead. An error not listed here gets a plain sentence for its
 * status, never the framework's text.
 */
export interface ClientError {
  status: number;
  code: string;
  detail: string;
}

export const ACCEPTED_BODY_TYPES = 'application/json';

export function frameworkError(
  code: string | undefined,
  context: { bodyLimit: number; contentType?: string },
): ClientError | undefined {
  switch (code) {
    case 'FST_ERR_BAD_URL':
      return {
        status: 400,
        code: 'BAD_REQUEST',
        detail: 'The request path is not a valid URL: it has a broken percent-encoding',
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        status: 400,
        code: 'BAD_REQUEST',
        detail: 'Malformed JSON body: the request body is not valid JSON',
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'BAD_REQUEST', detail: 'Malformed JSON body: the request body is empty' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        detail: `Request body is too large (the limit is ${context.bodyLimit} bytes)`,
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        code: 'BAD_REQUEST',
        detail: 'The request body does not match its Content-Length header',
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE': {
      const sent = context.contentType?.split(';')[0]?.trim();
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        detail: `Unsupported content type${sent ? ` ${sent.slice(0, 100)}` : ' (none was given)'}: send ${ACCEPTED_BODY_TYPES}`,
      };
    }
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return { status: 400, code: 'BAD_REQUEST', detail: 'The request could not be routed' };
    default:
      return undefined;
  }
}

/** A plain sentence for a client error nobody described. */
export function genericClientError(status: number): ClientError {
  const detail: Record<number, string> = {
    400: 'Bad request',
    408: 'The request took too long to arrive',
    413: 'Request body is too large',
    414: 'The request URL is too long',
    431: 'The request headers are too large',
  };
  return {
    status,
    code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
    detail: detail[status] ?? `Bad request (HTTP ${status})`,
  };
}

/**
 * What Node's HTTP parser refuses before any route runs (a request that took too long to arrive,
 * headers too large, bytes that are not HTTP), answered on the raw socket in our shape too
 * (Fastify's `clientErrorHandler`).
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, detail } =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? genericClientError(408)
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? genericClientError(431)
        : { status: 400, code: 'BAD_REQUEST', detail: 'The request is not valid HTTP' };
  const body = JSON.stringify({ detail, code: status === 408 ? 'TIMEOUT' : code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
