// A real HAProxy on a free loopback port, from a generated configuration, stopped by its own pid.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';
import { installedBinary } from './installed.js';
import { startProcess, whenListening } from './process.js';

/** The binary, when installed. Without it these tests skip, except in CI, where that is an error. */
export const HAPROXY_MISSING_REASON =
  'haproxy is not installed (apt-get install haproxy): the load-balancer tests are skipped';

export const HAPROXY = installedBinary('haproxy', ['-v'], HAPROXY_MISSING_REASON);

/**
 * @typedef {object} HaproxyOptions
 * @property {number[]} [backends] Ports of the servers behind it (on 127.0.0.1), balanced round-robin.
 * @property {string} [sourceAddress] The address it connects to the backends from, so a test can tell it from clients.
 * @property {(port: number) => string} [config] A whole configuration instead, listening on `port`.
 * @property {number} [port] Where it listens (a free port when unset).
 * @property {import('./process.js').Output} [output] Its own warnings: kept for failures (default), to this terminal, or dropped.
 */

/**
 * @typedef {object} TestHaproxy
 * @property {string} url
 * @property {number} port
 * @property {() => Promise<void>} stop
 */

/**
 * The simple configuration: HTTP, X-Forwarded-For appended (as balancers in production do), round-robin.
 * @param {number} port
 * @param {number[]} backends
 * @param {string} [sourceAddress]
 */
function balancerConfig(port, backends, sourceAddress) {
  const source = sourceAddress ? ` source ${sourceAddress}` : '';
  return [
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
}

/**
 * A configuration written for containers (deploy/haproxy.cfg) made to run on loopback: the same
 * checks, retries and balancing, listening on 127.0.0.1:`port`, each backend's servers replaced by
 * `servers` on their loopback ports (no Docker DNS, no log address: HAProxy's warnings still reach
 * stderr).
 * @param {string} text
 * @param {number} port
 * @param {{ name: string, port: number }[]} servers
 */
export function loopbackConfig(text, port, servers) {
  /** @type {string[]} */
  const out = [];
  let inResolvers = false;
  for (const line of text.split('\n')) {
    if (/^resolvers /.test(line)) {
      inResolvers = true;
      continue;
    }
    if (inResolvers && /^\S/.test(line)) inResolvers = false;
    if (inResolvers) continue;
    if (/^\s*(log stdout|log global|option httplog)/.test(line)) continue;
    if (/^\s*bind /.test(line)) {
      out.push(`  bind 127.0.0.1:${port}`);
    } else if (/^\s*default-server /.test(line)) {
      out.push(line.replace(/ resolvers \S+/, '').replace(/ init-addr \S+/, ''));
    } else if (/^\s*server /.test(line)) {
      // The first server line of a backend stands for all of them.
      if (!/^\s*server /.test(out.at(-1) ?? '')) {
        for (const server of servers) out.push(`  server ${server.name} 127.0.0.1:${server.port}`);
      }
    } else out.push(line);
  }
  return out.join('\n');
}

/** @param {number} port */
/**
 * Starts haproxy and resolves once it accepts connections.
 * @param {HaproxyOptions} options
 * @returns {Promise<TestHaproxy>}
 */
export async function startHaproxy({ backends = [], sourceAddress, config, port, output = 'capture' }) {
  if (!HAPROXY) throw new Error(HAPROXY_MISSING_REASON);
  const chosen = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config ? config(chosen) : balancerConfig(chosen, backends, sourceAddress));
  // -db: stay in the foreground, so the pid held is HAProxy's own.
  const tracked = startProcess(HAPROXY, ['-db', '-f', file], { output });
  return whenListening(tracked, { name: 'haproxy', port: chosen, dir });
}
