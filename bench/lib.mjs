// Shared helpers for the benchmark scripts: start processes on free ports (through the test kit) and
// drive them with autocannon.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '@sema/testkit/free-port';
import { abortOnExit, startProcess } from '@sema/testkit/process';
import { startSema as startSemaProcess } from '@sema/testkit/sema';
import { waitFor } from '@sema/testkit/wait-for';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the real Sema server (as `npm start` does; chat off unless a bench sets it up) and resolves
 * once it answers. Its output goes to this terminal, or nowhere with `{ stdout: 'ignore' }` (a log
 * line per request, say).
 * @param {Record<string, string>} [env]
 * @param {{ stdout?: 'inherit' | 'ignore' }} [options]
 */
export async function startSema(env = {}, { stdout = 'inherit' } = {}) {
  const sema = await startSemaProcess({ env, ready: '/livez', timeout: 60_000, output: stdout });
  return { url: sema.url, stop: () => sema.stop({ grace: 5000 }) };
}

/** Starts a plain node script (e.g. the bare node:http baseline) that listens on PORT. */
export async function startScript(script, env = {}, readyPath = '/') {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startProcess(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env },
    output: 'inherit',
  });
  try {
    await waitFor(() => fetch(`${url}${readyPath}`).then((response) => response.arrayBuffer()), {
      timeout: 60_000,
      interval: 100,
      what: `${path.basename(script)} to answer ${readyPath}`,
      signal: abortOnExit(child, path.basename(script)),
    });
  } catch (error) {
    await child.stop({ signal: 'SIGKILL' });
    throw error;
  }
  return { url, stop: () => child.stop({ grace: 5000 }) };
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
