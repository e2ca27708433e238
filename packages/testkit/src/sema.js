// The real Sema server as its own process, from its TypeScript sources: `node --import tsx src/server.ts`
// (production runs the compiled build, `apps/server/dist/server.js`; deploy-files.test.ts starts that).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { abortOnExit, startProcess } from './process.js';
import { waitFor } from './wait-for.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');
/** The tiny random-weight NLLB model the tests run on: real files, nonsense translations. */
export const TINY_NLLB = path.join(repoRoot, 'apps/server/test/fixtures/tiny-nllb');

/** Settings that set up chat (a provider, a base URL, a key, a local model file). */
const CHAT_SETTINGS = [
  'SEMA_CHAT_PROVIDER',
  'SEMA_CHAT_BASE_URL',
  'SEMA_CHAT_API_KEY',
  'HF_TOKEN',
  'SEMA_CHAT_LOCAL_MODEL',
];

/**
 * The default local chat model would be downloaded at start: chat is off unless `env` sets it up.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string>}
 */
export function chatOffUnlessAsked(env) {
  return CHAT_SETTINGS.some((name) => env[name] !== undefined) ? {} : { SEMA_CHAT_PROVIDER: 'none' };
}

/**
 * @typedef {object} SemaOptions
 * @property {Record<string, string | undefined>} [env] Settings over the kit's defaults (loopback, log level warn, chat off unless set).
 * @property {number} [port] The port to listen on (a free one when unset; a restarted node keeps its port).
 * @property {string | ((sema: { url: string }) => unknown) | false} [ready]
 *   What "started" means: a path that must answer 200 (default `/readyz/translation`: the models are loaded), a condition on the URL
 *   (truthy when ready; throwing counts as not yet), or false to return at once (a process expected to refuse to start).
 * @property {number} [timeout] Milliseconds to get ready (default 90 000: a loaded machine loads models slowly).
 * @property {import('./process.js').Output} [output] Its log: kept for failures (default), or to this terminal, or dropped.
 * @property {string} [name] What error messages call it (default "Sema on :port").
 * @property {{ uid: number, gid: number }} [user] Run it as that user (only root may), as a service user would.
 * @property {string[]} [args] Node's arguments (default `--import tsx apps/server/src/server.ts`): another entry, as an image's CMD names it.
 * @property {string} [cwd] Where it runs (default the repository).
 * @property {boolean} [group] Lead its own process group, to be signalled as a whole (`process.kill(-pid, …)`).
 */

/**
 * @typedef {object} Sema
 * @property {string} url `http://127.0.0.1:port`
 * @property {number} port
 * @property {import('node:child_process').ChildProcess} child
 * @property {number | undefined} pid
 * @property {Promise<number | null>} exited The exit code (null when a signal ended it).
 * @property {() => boolean} running
 * @property {() => string} output Its log so far (when kept).
 * @property {(options?: import('./process.js').StopOptions) => Promise<number | null>} stop
 *   SIGTERM (or the signal given), SIGKILL after the grace period; resolves with the exit code.
 */

/** @type {Set<Sema>} */
const started = new Set();

/**
 * Starts `apps/server/src/server.ts` on a free loopback port and resolves once it is ready.
 * If it exits or does not get ready in time, it is killed and the error quotes the end of its log.
 * @param {SemaOptions} [options]
 * @returns {Promise<Sema>}
 */
export async function startSema({
  env = {},
  port,
  ready = '/readyz/translation',
  timeout = 90_000,
  output = 'capture',
  name,
  user,
  args = ['--import', 'tsx', serverEntry],
  cwd = repoRoot,
  group = false,
} = {}) {
  const chosen = port ?? (await freePort());
  const url = `http://127.0.0.1:${chosen}`;
  const tracked = startProcess(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      SEMA_LOG_LEVEL: 'warn',
      ...chatOffUnlessAsked(env),
      ...env,
    },
    output,
    user,
    group,
  });
  const label = name ?? `Sema on :${chosen}`;
  /** @type {Sema} */
  const sema = {
    url,
    port: chosen,
    child: tracked.child,
    pid: tracked.child.pid,
    exited: tracked.exited,
    running: tracked.running,
    output: tracked.output,
    stop: (options) => tracked.stop(options),
  };
  started.add(sema);
  void tracked.exited.then(() => started.delete(sema));
  if (ready === false) return sema;
  const condition =
    typeof ready === 'string'
      ? async () => {
          const response = await fetch(`${url}${ready}`);
          await response.arrayBuffer();
          return response.status === 200;
        }
      : () => ready({ url });
  try {
    await waitFor(condition, {
      timeout,
      interval: 50,
      what: `${label} to be ready (${typeof ready === 'string' ? `200 on ${ready}` : 'its condition'})`,
      signal: abortOnExit(tracked, label),
    });
  } catch (error) {
    // One that exited already said why (abortOnExit quotes its log); one that timed out says it here.
    const timedOut = tracked.running();
    await tracked.stop({ signal: 'SIGKILL' });
    if (timedOut && error instanceof Error && output === 'capture') {
      error.message += `; its output ends:\n${tracked.output().trim().slice(-4000)}`;
    }
    throw error;
  }
  return sema;
}

/** Kills every Sema this process started that is still running (for afterEach). */
export async function killAllSema() {
  await Promise.all([...started].map((sema) => sema.stop({ signal: 'SIGKILL' })));
}
