// A real Sema server of a spec's own, its own process like production, for specs that need settings
// the runner's shared servers do not have (a chat upstream, a model that arrives late).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../../scripts/lib/free-port.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const serverRoot = path.join(repoRoot, 'apps/server');
export const TINY_NLLB = path.join(serverRoot, 'test/fixtures/tiny-nllb');

async function waitForStatus(url, child, settled, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Sema server exited early (code ${child.exitCode})`);
    try {
      const status = await (await fetch(`${url}/api/v1/status`)).json();
      if (settled(status)) return status;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the Sema server did not reach the expected state in time');
}

/** Stops a child process: SIGTERM, then SIGKILL if it has not exited within 10 s. */
export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await Promise.race([
    new Promise((resolve) => child.once('exit', resolve)),
    new Promise((resolve) => setTimeout(resolve, 10_000)),
  ]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts the server with `env` on top of the tiny model's defaults, and resolves once its status
 * satisfies `settled` (by default: translation ready).
 */
export async function startSemaServer(
  env = {},
  { settled = (status) => status.engines.translation.state === 'ready', timeoutMs = 90_000 } = {},
) {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEMA_LOG_LEVEL: 'warn',
      SEMA_NLLB_MODEL: TINY_NLLB,
      SEMA_GLOSSARY_DB: ':memory:',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForStatus(url, server, settled, timeoutMs);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  return { url, stop: () => stopProcess(server) };
}
