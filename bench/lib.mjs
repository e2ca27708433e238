// Shared helpers for the benchmark scripts: start processes on free ports and drive them with autocannon.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib/free-port.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the real Sema server (as `npm start` does) and resolves when /status answers. Its output
 * goes to this terminal, or nowhere with `{ stdout: 'ignore' }` (a log line per request, say).
 */
/**
 * @param {Record<string, string>} [env]
 * @param {{ stdout?: 'inherit' | 'ignore' }} [options]
 */
export async function startSema(env = {}, { stdout = 'inherit' } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    // Chat is off unless a bench asks for it (the default local model would be downloaded at start).
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEMA_LOG_LEVEL: 'warn',
      // The benches read /metrics of a server on loopback they started themselves.
      SEMA_OPERATOR_ROUTES: 'open',
      ...(Object.keys(env).some((name) => name.startsWith('SEMA_CHAT_'))
        ? {}
        : { SEMA_CHAT_PROVIDER: 'none' }),
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/status`, child);
  return { url: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}

/** Starts a plain node script (e.g. the bare node:http baseline) that listens on PORT. */
export async function startScript(script, env = {}, readyPath = '/') {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}${readyPath}`, child);
  return { url: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}

async function waitFor(url, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited early (${child.exitCode}) before ${url} answered`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not answer within 60 s`);
}

/** @param {import('node:child_process').ChildProcess} child @returns {Promise<void>} */
function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * Runs autocannon and returns requests/s, p99 latency (ms) and the error count.
 * @param {{ url: string, method?: string, body?: string, headers?: Record<string, string>, connections?: number, duration?: number }} options
 */
export async function load({ url, method = 'GET', body, headers, connections = 50, duration = 5 }) {
  const result = await autocannon({
    url,
    method,
    body,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    connections,
    duration,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function fmt(n, digits = 0) {
  return Number(n).toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  return rows.map((row) => row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ')).join('\n');
}
