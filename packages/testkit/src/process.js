// A child process that the kit started: its output kept for error messages, stopped by its own pid,
// and killed when the process that started it exits (a failed run leaves nothing listening behind).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { waitFor } from './wait-for.js';

/** @typedef {'capture' | 'inherit' | 'ignore'} Output */

/**
 * @typedef {object} Tracked
 * @property {import('node:child_process').ChildProcess} child
 * @property {Promise<number | null>} exited The exit code (null when a signal ended it).
 * @property {() => boolean} running
 * @property {() => string} output What it printed (stdout and stderr), when captured.
 * @property {(options?: StopOptions) => Promise<number | null>} stop
 */

/**
 * @typedef {object} StopOptions
 * @property {NodeJS.Signals} [signal] The first signal (default SIGTERM; SIGKILL is a crash).
 * @property {number} [grace] Milliseconds before SIGKILL follows (default 10 000).
 */

/** Kept output is cut from the front beyond this: the end of a log says why it stopped. */
const MAX_OUTPUT = 2 * 1024 * 1024;

/** @type {Set<import('node:child_process').ChildProcess>} */
const live = new Set();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, output?: Output, user?: { uid: number, gid: number }, group?: boolean }} [options]
 *   `user`: run as that user (only root may). `group`: lead its own process group, which a test may
 *   signal as a whole (`process.kill(-pid, …)`), as systemd and a terminal's Ctrl-C do.
 * @returns {Tracked}
 */
export function startProcess(command, args, { env, cwd, output = 'capture', user, group = false } = {}) {
  const child = spawn(command, args, {
    env,
    cwd,
    ...user,
    detached: group,
    stdio: ['ignore', output === 'capture' ? 'pipe' : output, output === 'capture' ? 'pipe' : output],
  });
  live.add(child);
  let text = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    text += chunk.toString();
    if (text.length > MAX_OUTPUT) text = text.slice(-MAX_OUTPUT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => {
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    });
    // A binary that cannot be spawned never exits: report it as a failed start.
    child.once('error', (error) => {
      live.delete(child);
      keep(Buffer.from(`${command}: ${error.message}\n`));
      resolve(-1);
    });
  });
  const running = () => live.has(child);
  return {
    child,
    exited,
    running,
    output: () => text,
    async stop({ signal = 'SIGTERM', grace = 10_000 } = {}) {
      if (!running()) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), grace);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * An AbortSignal that fires when the process exits, so that waiting for it to get ready stops at once.
 * @param {Tracked} tracked
 * @param {string} name
 */
export function abortOnExit(tracked, name) {
  const controller = new AbortController();
  void tracked.exited.then((code) => {
    const log = tracked.output().trim();
    const tail = log ? `; its output ends:\n${log.slice(-4000)}` : '';
    const how = code === null ? `by ${tracked.child.signalCode}` : `with code ${code}`;
    controller.abort(new Error(`${name} exited ${how} while starting${tail}`));
  });
  return controller.signal;
}

/**
 * Whether something accepts connections on the loopback `port`.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A server process (a balancer, a proxy) that runs from its own temporary folder, once it listens
 * on the loopback `port`: `stop` kills it and removes the folder; one that exits or never listens is
 * stopped, and the error thrown.
 * @param {Tracked} tracked
 * @param {{ name: string, port: number, dir: string }} where
 */
export async function whenListening(tracked, { name, port, dir }) {
  const stop = async () => {
    await tracked.stop({ signal: 'SIGKILL' });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(() => listening(port), {
      what: `${name} to listen on :${port}`,
      signal: abortOnExit(tracked, `${name} on :${port}`),
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, port, stop };
}
