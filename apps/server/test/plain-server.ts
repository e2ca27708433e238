import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A plain node:http server on a free loopback port answering with `handler`: for upstreams that misbehave on purpose. */
export async function plainServer(
  handler: http.RequestListener,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
