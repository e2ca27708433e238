// A real `redis-server` on a free loopback port, nothing saved to disk unless asked, no system
// service used. It can be killed (a crash, a network cut) and started again on the same port.
import net from 'node:net';
import { freePort } from './free-port.js';
import { installedBinary } from './installed.js';
import { abortOnExit, startProcess } from './process.js';
import { waitFor } from './wait-for.js';

/** The binary, when installed. Without it Redis tests skip, except in CI, where that is an error. */
export const REDIS_MISSING_REASON =
  'redis-server is not installed (apt-get install redis-server): the REDIS_URL tests are skipped';

export const REDIS_SERVER = installedBinary('redis-server', ['--version'], REDIS_MISSING_REASON);

/**
 * @typedef {object} TestRedis
 * @property {string} url `redis://127.0.0.1:port/0`
 * @property {number} port
 * @property {() => Promise<void>} stop Kills the server (like a crash or a network cut): nothing more is saved.
 * @property {() => Promise<void>} start Starts the server again on the same port: empty, unless it was started durable.
 */

/**
 * @typedef {object} RedisOptions
 * @property {number} [port] The port (a free one when unset).
 * @property {string} [durableIn] Keep data in this folder as the deploy files run Redis: an
 *   append-only file written on every command, evicting only keys with an expiry. Then stop() and
 *   start() keep what was written.
 * @property {string[]} [args] Settings added to the command line (e.g. ['--maxmemory-policy', 'allkeys-lru']).
 */

/** @param {number} port */
function pong(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts redis-server and resolves once it answers PING.
 * @param {RedisOptions} [options]
 * @returns {Promise<TestRedis>}
 */
export async function startRedis({ port, durableIn, args: extra = [] } = {}) {
  if (!REDIS_SERVER) throw new Error(REDIS_MISSING_REASON);
  const chosen = port ?? (await freePort());
  const persistence = durableIn
    ? ['--dir', durableIn, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always']
    : ['--save', '', '--appendonly', 'no'];
  const eviction = durableIn ? ['--maxmemory-policy', 'volatile-lru'] : [];
  /** @type {import('./process.js').Tracked | undefined} */
  let tracked;
  const start = async () => {
    const args = ['--port', String(chosen), '--bind', '127.0.0.1', ...persistence, ...eviction, ...extra];
    const current = startProcess(REDIS_SERVER, args);
    tracked = current;
    await waitFor(() => pong(chosen), {
      what: `redis-server to answer PING on :${chosen}`,
      signal: abortOnExit(current, `redis-server on :${chosen}`),
    });
  };
  const stop = async () => {
    const current = tracked;
    tracked = undefined;
    await current?.stop({ signal: 'SIGKILL' });
  };
  try {
    await start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${chosen}/0`, port: chosen, stop, start };
}
