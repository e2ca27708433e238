// A real Caddy (Debian's `caddy`) on a free loopback port, from a Caddyfile, stopped by its own pid.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';
import { installedBinary } from './installed.js';
import { startProcess, whenListening } from './process.js';

/** The binary, when installed. Without it these tests skip, except in CI, where that is an error. */
export const CADDY_MISSING_REASON =
  'caddy is not installed (apt-get install caddy): the tests of deploy/caddy/Caddyfile are skipped';

export const CADDY = installedBinary('caddy', ['version'], CADDY_MISSING_REASON);

/**
 * @typedef {object} TestCaddy
 * @property {string} url
 * @property {number} port
 * @property {() => string} output What it logged (when captured).
 * @property {() => Promise<void>} stop
 */

/** @param {number} port */
/**
 * Starts caddy with the Caddyfile `config(port)` returns (site blocks listening on `port`) and
 * resolves once it accepts connections. Its admin endpoint is off (tests side by side would share
 * :2019) and whatever it stores goes to a temporary folder, removed by stop().
 * @param {{ config: (port: number) => string, port?: number, output?: import('./process.js').Output }} options
 * @returns {Promise<TestCaddy>}
 */
export async function startCaddy({ config, port, output = 'capture' }) {
  if (!CADDY) throw new Error(CADDY_MISSING_REASON);
  const chosen = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-caddy-'));
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, `{\n\tadmin off\n}\n\n${config(chosen)}`);
  const tracked = startProcess(CADDY, ['run', '--adapter', 'caddyfile', '--config', file], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    },
    output,
  });
  return { ...(await whenListening(tracked, { name: 'caddy', port: chosen, dir })), output: tracked.output };
}
