import http from 'node:http';
import type { App } from '../src/app.ts';
import { listenOn } from './build-test-app.ts';

/**
 * Listens with `app` on a free loopback port and POSTs `body` (JSON) to `path` as a client of a
 * stream would; resolves with the first chunk of the answer and `leave()`, which closes the
 * connection as a client closing its tab does. node:http rather than fetch: undici keeps a spare
 * connection that would hold the server open.
 */
export async function openStream(
  app: App,
  path: string,
  body: unknown,
): Promise<{ first: string; leave: () => void }> {
  const { port } = await listenOn(app);
  const request = http.request({
    port,
    host: '127.0.0.1',
    method: 'POST',
    path,
    headers: { 'Content-Type': 'application/json' },
  });
  request.end(JSON.stringify(body));
  const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
  const first = await new Promise<string>((resolve) =>
    response.once('data', (chunk: Buffer) => resolve(chunk.toString())),
  );
  return { first, leave: () => request.destroy() };
}
