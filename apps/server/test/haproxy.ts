import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

/**
 * A real HAProxy in front of a test server, started on a free loopback port from a generated
 * configuration and stopped by its own pid. It appends the connecting client to X-Forwarded-For, as
 * balancers in production do. Without the binary these tests skip, except in CI.
 */
export const HAPROXY_MISSING_REASON =
  'haproxy is not installed (apt-get install haproxy): the load-balancer tests are skipped';

export const HAPROXY =
  spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).status === 0 ? 'haproxy' : undefined;

if (!HAPROXY) {
  if (process.env.CI) throw new Error(`${HAPROXY_MISSING_REASON}; CI must install it (.ci/run does)`);
  console.warn(HAPROXY_MISSING_REASON);
}

export interface TestHaproxy {
  url: string;
  stop(): Promise<void>;
}

export interface HaproxyOptions {
  /** Ports of the servers behind it (on 127.0.0.1). */
  backends: number[];
  /** The address HAProxy connects to the backends from, so a test can tell it from clients. */
  sourceAddress?: string;
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`haproxy did not listen on port ${port}`);
}

export async function startHaproxy({ backends, sourceAddress }: HaproxyOptions): Promise<TestHaproxy> {
  if (!HAPROXY) throw new Error(HAPROXY_MISSING_REASON);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-haproxy-'));
  const source = sourceAddress ? ` source ${sourceAddress}` : '';
  const config = [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend sema',
    'backend sema',
    '  balance roundrobin',
    ...backends.map((backend, i) => `  server node${i} 127.0.0.1:${backend}${source}`),
    '',
  ].join('\n');
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  // -db: stay in the foreground, so the pid we hold is HAProxy itself.
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: 'ignore' });
  await waitForPort(port, child);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
