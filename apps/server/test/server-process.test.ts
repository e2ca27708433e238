import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      SEMA_LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      SEMA_NLLB_MODEL: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} never answered`);
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('the server process', () => {
  it('refuses a bad configuration with a message naming the variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('Configuration error: PORT must be a whole number');
  });

  it('finishes a request that is in flight when SIGTERM arrives, then exits cleanly', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/status`);

    // A large body sent slowly keeps one request in flight across the signal.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ text: 'Habari za asubuhi rafiki yangu, natumaini uko salama.' });
    socket.write(
      `POST /api/v1/detect-language HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));

    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.write(body.slice(10));
    await closed;

    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toMatch(/"detected_language":"[a-z]{3}_[A-Z][a-z]{3}"/);
    expect(await server.exited).toBe(0);
  });
});
