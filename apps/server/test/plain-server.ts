import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A plain node:http server answering with `handler`, on a free loopback port (or `port`, for a
 * server started again where it was; `host`, for a second loopback address): the one way a test
 * puts up an HTTP stand-in (a misbehaving upstream, a model hub, another Sema server).
 */
export async function plainServer(
  handler: http.RequestListener,
  { port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {},
): Promise<{ url: string; port: number; server: http.Server; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${listening}`,
    port: listening,
    server,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
