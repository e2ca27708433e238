// The one way a test puts up an HTTP stand-in (a misbehaving upstream, a model hub, an API for the
// web app's tests, a port held busy): a plain node:http server on a free loopback port.
import http from 'node:http';

/**
 * A server answering with `handler`, on a free loopback port (or `port`, for a server started again
 * where it was; `host`, for a second loopback address).
 * @param {http.RequestListener} handler
 * @param {{ port?: number, host?: string }} [where]
 * @returns {Promise<{ url: string, port: number, server: http.Server, close(): Promise<void> }>}
 */
export async function plainServer(handler, { port = 0, host = '127.0.0.1' } = {}) {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  const listening = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    url: `http://${host}:${listening}`,
    port: listening,
    server,
    // Kept-alive connections (fetch keeps spare ones) would hold the server open.
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
