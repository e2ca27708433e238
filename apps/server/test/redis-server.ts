import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './server-process.ts';

/**
 * A real `redis-server` for tests, started as a child process on a free port with nothing saved to
 * disk (unless asked to keep data in a folder), and stopped (or stopped and started again on the same port) by the test. No system service
 * is used. Without the binary the Redis tests skip, except in CI, where that is an error.
 */
export const REDIS_SERVER = findRedisServer();

export const REDIS_MISSING_REASON =
  'redis-server is not installed (apt-get install redis-server): the REDIS_URL tests are skipped';

if (!REDIS_SERVER) {
  if (process.env.CI) throw new Error(`${REDIS_MISSING_REASON}; CI must install it (.ci/run does)`);
  console.warn(REDIS_MISSING_REASON);
}

function findRedisServer(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? 'redis-server' : undefined;
}

/** Resolves once something accepts connections on the port (Redis answers PING right after). */
async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const answered = await new Promise<boolean>((resolve) => {
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
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}

export interface TestRedis {
  url: string;
  port: number;
  /** Kills the server (like a crash or a network cut): nothing more is saved. */
  stop(): Promise<void>;
  /** Starts the server again on the same port: empty, unless it was started durable. */
  start(): Promise<void>;
}

export interface RedisOptions {
  /**
   * Keep data in this folder as the deploy files run Redis: an append-only file written on every
   * command, evicting only keys with an expiry. Then stop() and start() keep what was written.
   */
  durableIn?: string;
  /** Settings added to the command line (e.g. ['--maxmemory-policy', 'allkeys-lru']). */
  args?: string[];
}

export async function startRedis(options: RedisOptions = {}): Promise<TestRedis> {
  if (!REDIS_SERVER) throw new Error(REDIS_MISSING_REASON);
  const port = await freePort();
  let child: ChildProcess | undefined;
  const persistence = options.durableIn
    ? [
        '--dir',
        options.durableIn,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--maxmemory-policy',
        'volatile-lru',
      ]
    : ['--save', '', '--appendonly', 'no'];
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', ...persistence, ...(options.args ?? [])],
      {
        stdio: 'ignore',
      },
    );
    await waitForPort(port, child);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}/0`, port, stop, start };
}
