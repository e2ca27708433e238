import http from 'node:http';
import { bodyBytes, type FuzzRequest } from './fuzz-request.ts';

export interface FuzzResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Stands for "the server closed the connection while an oversized body was still being sent". */
export const CLOSED_DURING_UPLOAD = 0;
/** Above the server's 1 MB body limit (and its document limit is never near this in the fuzzer). */
const OVERSIZED = 1024 * 1024;

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * Sends a planned request over real HTTP, byte for byte as planned (node:http leaves a badly
 * encoded path alone, unlike fetch). A server that does not answer within `timeoutMs` fails the case.
 */
export async function send(base: URL, request: FuzzRequest, timeoutMs = 30_000): Promise<FuzzResponse> {
  const body = await bodyBytes(request.body);
  const headers: Record<string, string | number> = { ...request.headers };
  if (request.contentType !== undefined && request.contentType !== null)
    headers['content-type'] = request.contentType;
  if (body) headers['content-length'] = body.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.url,
        headers,
        agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server answered an oversized upload (413) and closed the connection before reading it all:
      // the client may see the broken pipe before the answer. That is a refusal, not a failure.
      const refusedUpload =
        (error.code === 'EPIPE' || error.code === 'ECONNRESET') && (body?.length ?? 0) > OVERSIZED;
      if (refusedUpload) resolve({ status: CLOSED_DURING_UPLOAD, headers: {}, body: Buffer.alloc(0) });
      else reject(error);
    });
    req.end(body);
  });
}

/** Closes the kept-alive connections (at the end of a run). */
export function closeConnections(): void {
  agent.destroy();
}
