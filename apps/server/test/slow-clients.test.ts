import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, listenOn } from './build-test-app.ts';
import { startSlowRemoteEngine } from './slow-remote-engine.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';
import { waitFor } from '@sema/testkit/wait-for';

/**
 * Clients that send or read slowly, or open many long requests at once, cannot tie the server up.
 * The timeouts are shortened here; the defaults are in config.ts.
 */
let app: App;
let fake: FakeOpenAi;
let port: number;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await buildTestApp({
    SEMA_CHAT_BASE_URL: fake.baseUrl,
    SEMA_HEADERS_TIMEOUT_MS: '300',
    SEMA_REQUEST_TIMEOUT_MS: '600',
    SEMA_STREAM_STALL_MS: '400',
    SEMA_MAX_CHATS_PER_CLIENT: '2',
  });
  ({ port } = await listenOn(app));
});
afterAll(async () => {
  app.server.closeAllConnections();
  await app.close();
  await fake.close();
});

/** Opens a socket and feeds it `pieces` one by one, `everyMs` apart, until the server closes it. */
function trickle(pieces: string[], everyMs: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const started = Date.now();
  const closed = new Promise<{ received: string; afterMs: number }>((resolve) => {
    socket.on('close', () => resolve({ received, afterMs: Date.now() - started }));
    socket.on('error', () => {});
  });
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= pieces.length) return clearInterval(timer);
    socket.write(pieces[i++]!);
  }, everyMs);
  return { socket, closed, stop: () => clearInterval(timer) };
}

const ok = async () => (await fetch(`http://127.0.0.1:${port}/livez`)).status;

describe('slow senders', () => {
  it('closes a connection whose headers trickle in forever (slowloris), serving others meanwhile', async () => {
    const headers = [
      'GET /api/v1/languages HTTP/1.1\r\n',
      'Host: x\r\n',
      ...Array(200).fill('X-Slow: 1\r\n'),
    ];
    const slow = trickle(headers, 50);
    expect(await ok()).toBe(200);
    const { received, afterMs } = await slow.closed;
    slow.stop();
    expect(afterMs).toBeLessThan(5000);
    // A request that took too long is answered 408 in our shape, and closed.
    if (received !== '') {
      expect(received).toMatch(/^HTTP\/1\.1 408/);
      expect(received).toMatch(
        /\r\n\r\n\{"detail":"The request took too long to arrive","code":"TIMEOUT"\}$/,
      );
    }
  });

  it('closes a connection whose body trickles in byte by byte past the request timeout', async () => {
    const body = JSON.stringify({ text: 'Hello there, my friend.' });
    const head = `POST /api/v1/detect-language HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const slow = trickle([head, ...body.split('')], 100);
    expect(await ok()).toBe(200);
    const { received, afterMs } = await slow.closed;
    slow.stop();
    expect(afterMs).toBeLessThan(5000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(received).toMatch(/\{"detail":"The request took too long to arrive","code":"TIMEOUT"\}$/);
  });
});

describe('slow readers', () => {
  it('closes a chat stream whose client stopped reading', async () => {
    // Large chunks fill the socket buffers quickly, so the stall shows within the test.
    const word = `${'x'.repeat(16 * 1024)} `;
    fake.enqueue({ kind: 'answer', content: word.repeat(1024), delayMs: 0 });
    const body = JSON.stringify({ messages: [{ role: 'user', content: 'Write a lot.' }], stream: true });
    let serverSide: net.Socket | undefined;
    app.server.once('connection', (connection: net.Socket) => (serverSide = connection));
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    socket.pause(); // stops reading what the server sends
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.on('close', resolve));
    // Once the server has given up on this client (its side of the connection is gone), read
    // again: what it wrote before it gave up, then the end. Waiting for that rather than for a
    // fixed time keeps the test right on a loaded machine, where filling the buffers takes longer.
    await waitFor(() => serverSide?.destroyed, {
      timeout: 20_000,
      interval: 100,
      what: 'the server to drop the slow client',
    });
    socket.resume();
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).not.toMatch(/"type":"done"/);
    // The server is free again (the upstream answer is dropped with the connection).
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
  });
});

describe('per-client caps on long requests', () => {
  it('answers a third concurrent chat from one client with 429 and Retry-After, and frees the slot when one ends', async () => {
    fake.setDefault({ kind: 'slow', intervalMs: 20 });
    const controllers = [new AbortController(), new AbortController()];
    const post = (signal?: AbortSignal) =>
      fetch(`http://127.0.0.1:${port}/api/v1/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }], stream: true }),
        signal,
      });
    try {
      const open = await Promise.all(controllers.map((controller) => post(controller.signal)));
      expect(open.map((response) => response.status)).toEqual([200, 200]);
      const third = await post();
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('5');
      expect(await third.json()).toEqual({
        code: 'TOO_MANY_CONCURRENT',
        detail: 'Too many chat answers at once from your address (the limit is 2): wait for one to finish',
      });
      controllers[0]!.abort();
      await fake.nextDisconnect();
      controllers[0] = new AbortController();
      const { signal } = controllers[0];
      // The slot is freed once the server has seen the hang-up: ask until it lets a chat in.
      const again = await waitFor(
        async () => {
          const response = await post(signal);
          if (response.status !== 429) return response;
          await response.body?.cancel();
          return undefined;
        },
        { what: 'the freed slot to let a chat in' },
      );
      expect(again.status).toBe(200);
    } finally {
      controllers.forEach((controller) => controller.abort());
      fake.reset();
    }
  });
});

describe('per-client caps on documents', () => {
  it('count a client’s documents through every API (jobs too): a third at once is 429, and a slot frees when one ends', async () => {
    const engine = await startSlowRemoteEngine(); // holds every translation: documents stay running
    const server = await buildTestApp({
      ...engine.settings,
      SEMA_MAX_DOCUMENTS_PER_CLIENT: '2',
    });
    try {
      const { base } = await listenOn(server);
      const upload = (path: string, fields: Record<string, string>, signal?: AbortSignal) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('file', new Blob(['Good morning.\n'], { type: 'text/plain' }), 'notes.txt');
        return fetch(`${base}${path}`, { method: 'POST', body: form, signal });
      };
      // A DeepL job (answered at once, still running) and our streamed document (running).
      const job = await upload('/v2/document', { source_lang: 'EN', target_lang: 'FR' });
      expect(job.status).toBe(200);
      const leaving = new AbortController();
      const stream = await upload(
        '/api/v1/translate/document?stream=1',
        { source_language: 'eng_Latn', target_language: 'fra_Latn' },
        leaving.signal,
      );
      expect(stream.status).toBe(200);
      // A third, through LibreTranslate: refused in its shape, with Retry-After.
      const third = await upload('/translate_file', { source: 'en', target: 'fr' });
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('5');
      expect(((await third.json()) as { error: string }).error).toMatch(
        /Too many document translations at once/,
      );
      // The streaming client leaves: its translation stops and its slot is free again.
      leaving.abort();
      await expect
        .poll(async () => {
          const again = await upload('/v2/document', { source_lang: 'EN', target_lang: 'FR' });
          return again.status;
        })
        .toBe(200);
    } finally {
      server.server.closeAllConnections();
      await server.close();
      await engine.close();
    }
  }, 60_000);
});
