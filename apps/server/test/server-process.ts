import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StatusResponse } from '@sema/shared/api/schemas';
import { chatOffUnlessAsked } from './build-test-app.ts';

/**
 * The real server as its own process, for tests of what only a process shows: exit codes, signals,
 * start-up refusals, connections that would keep it alive. Its output is collected for assertions.
 */
const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');
const started: ChildProcess[] = [];

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

/** Starts `src/server.ts` with `env` over quiet defaults and a model that never loads. */
export function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      SEMA_LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      SEMA_NLLB_MODEL: '/nonexistent',
      SEMA_GLOSSARY_DB: ':memory:',
      SEMA_USAGE_DB: ':memory:',
      ...chatOffUnlessAsked(env),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export type ServerProcess = ReturnType<typeof startServerProcess>;

/** The server's /status, once it answers (it is still starting when the process has just spawned). */
export async function statusOnceUp(base: string): Promise<StatusResponse> {
  for (let i = 0; i < 200; i++) {
    try {
      return (await (await fetch(`${base}/status`)).json()) as StatusResponse;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${base} never answered`);
}

/** Kills every server process a test started and left running (for afterEach). */
export function killServerProcesses(): void {
  for (const child of started.splice(0)) child.kill('SIGKILL');
}
