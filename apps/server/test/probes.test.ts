import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, listenOn, type TestAppOptions } from './build-test-app.ts';
import { startFakeOpenAi } from './fake-openai.ts';
import { startSlowRemoteEngine } from './slow-remote-engine.ts';
import { waitFor } from '@sema/testkit/wait-for';

/** A request over a raw socket: `head` is sent at once, `rest` when the caller says so. */
function rawRequest(port: number, head: string, rest: string) {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  const response = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  const connected = new Promise<() => void>((resolve) =>
    socket.once('connect', () => {
      socket.write(head);
      resolve(() => socket.end(rest));
    }),
  );
  return { connected, response };
}

const apps: App[] = [];
async function app(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<App> {
  const built = await buildTestApp(env, options);
  apps.push(built);
  return built;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((built) => built.close()));
});

describe('liveness and readiness probes', () => {
  it('/readyz says 200 while the model loads (route traffic here); /readyz/translation only once it is loaded', async () => {
    // A model process of its own, still loading right after start: the node serves, and cannot translate yet.
    const server = await app({}, { ownEngine: true });
    expect((await server.inject('/readyz')).json()).toEqual({ status: 'ready' });
    const early = await server.inject('/readyz/translation');
    expect(early.statusCode).toBe(503);
    expect(early.json()).toMatchObject({
      code: 'NOT_READY',
      detail: expect.stringMatching(/^The translation model is loading/),
    });
    expect(early.headers['retry-after']).toBeDefined();
    expect((await server.inject('/livez')).statusCode).toBe(200);

    await (server.translation as unknown as { engine: { whenReady(): Promise<void> } }).engine.whenReady();
    // The detection model loads beside it (0.25–0.65 s, longer on a loaded machine).
    await expect
      .poll(async () => (await server.inject('/readyz/translation')).statusCode, { timeout: 20_000 })
      .toBe(200);
    const ready = await server.inject('/readyz/translation');
    expect(ready.json()).toEqual({ status: 'ready' });
    expect((await server.inject({ method: 'HEAD', url: '/readyz/translation' })).statusCode).toBe(200);
    expect((await server.inject({ method: 'HEAD', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz/translation says in a sentence why the model cannot be loaded; /readyz and /status stay 200', async () => {
    const server = await app({ SEMA_NLLB_MODEL: '/nonexistent-model-folder' });
    const response = await waitFor(
      async () => {
        const answer = await server.inject('/readyz/translation');
        return /not available/.test(answer.json().detail) && answer;
      },
      { what: '/readyz/translation to give the model error' },
    );
    expect(response.statusCode).toBe(503);
    const { detail } = response.json() as { detail: string };
    expect(detail).toMatch(/^The translation model is not available: .+/);
    expect(detail).not.toMatch(/engine is error/);
    // The node still takes traffic: the web app and /status, for people, answer with the whole story.
    expect((await server.inject('/readyz')).statusCode).toBe(200);
    expect((await server.inject('/status')).statusCode).toBe(200);
  });

  it('while draining, /readyz says 503 SHUTTING_DOWN, new work gets 503 in our shape, work in flight finishes', async () => {
    const server = await app();
    await (server.translation as unknown as { engine: { whenReady(): Promise<void> } }).engine.whenReady();
    const { port } = await listenOn(server);
    // Requests whose headers are still arriving when the server starts closing, as on a busy keep-alive connection.
    const body = JSON.stringify({ text: 'Hello there, friend.' });
    const pending = [
      rawRequest(port, 'GET /readyz HTTP/1.1\r\nHost: x\r\n', '\r\n'),
      rawRequest(
        port,
        `POST /api/v1/detect-language HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n`,
        `\r\n${body}`,
      ),
    ];
    const sockets = await Promise.all(pending.map((request) => request.connected));
    // The first request whose headers are complete is this one: in flight once it has arrived (its
    // headers come after the partial ones above, sent on connections made before it).
    const arrived = new Promise((resolve) => server.server.once('request', resolve));
    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: 'A sentence that is in flight when the server closes. '.repeat(40),
        source_language: 'eng_Latn',
        target_language: 'fra_Latn',
      }),
    });
    await arrived;
    // As server.ts does on SIGTERM: drain from this moment, then close.
    server.draining = true;
    const closing = server.close();
    sockets.forEach((finish) => finish());
    const [ready, fresh] = (await Promise.all(pending.map((request) => request.response))) as [
      string,
      string,
    ];
    expect(ready).toMatch(/^HTTP\/1\.1 503/);
    expect(ready).toMatch(/"code":"SHUTTING_DOWN"/);
    expect(ready).toMatch(/connection: close/i);
    expect(fresh).toMatch(/^HTTP\/1\.1 503/);
    expect(fresh).toMatch(/connection: close/i);
    expect(fresh).toMatch(/retry-after: 1/i);
    expect(fresh.split('\r\n\r\n')[1]).toMatch(
      /^\{"detail":"This server is shutting down[^"]*","code":"SHUTTING_DOWN"\}$/,
    );
    expect((await inFlight).status).toBe(200);
    await closing;
  });

  it('are not rate-limited', async () => {
    const server = await app({ SEMA_RATE_LIMIT: '2/minute' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await server.inject('/livez')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('an answer still streaming when shutdown runs out of time', () => {
  it('ends with a SHUTTING_DOWN error event, so the server can close within its grace period', async () => {
    const fake = await startFakeOpenAi();
    fake.setDefault({ kind: 'slow', intervalMs: 20 }); // an answer that never ends
    const server = await app({ SEMA_CHAT_BASE_URL: fake.baseUrl });
    try {
      const { port } = await listenOn(server);
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Talk for ever.' }], stream: true }),
      });
      expect(response.status).toBe(200);
      const body = response.text();
      const disconnected = fake.nextDisconnect();
      server.draining = true;
      const closing = server.close();
      // What server.ts does shortly before the grace period ends.
      server.endOpenStreams();
      const events = (await body)
        .split('\n\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as { type: string; code?: string });
      expect(events.at(-1)).toMatchObject({ type: 'error', code: 'SHUTTING_DOWN' });
      await disconnected; // the upstream answer was stopped too
      await closing;
    } finally {
      await fake.close();
    }
  });
});

describe("a document's progress stream still open at shutdown", () => {
  it('ends with a SHUTTING_DOWN error event, and the characters it was charged are given back', async () => {
    const engine = await startSlowRemoteEngine();
    const server = await app({
      ...engine.settings,
      SEMA_API_KEYS: 'k-documents',
    });
    try {
      const { base } = await listenOn(server);
      const usage = async () =>
        (
          (await (await fetch(`${base}/v2/usage`, { headers: { 'X-API-Key': 'k-documents' } })).json()) as {
            character_count: number;
          }
        ).character_count;
      const text = 'Good morning, everyone.\nThe meeting starts in five minutes.\n';
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/plain' }), 'notes.txt');
      form.append('source_language', 'eng_Latn');
      form.append('target_language', 'fra_Latn');
      const response = await fetch(`${base}/api/v1/translate/document?stream=1`, {
        method: 'POST',
        headers: { 'X-API-Key': 'k-documents' },
        body: form,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const body = response.text();
      await engine.calls(1); // the translation is under way, and held
      const charged = await usage();
      expect(charged).toBeGreaterThan(0);

      // What the drain does on SIGTERM shortly before the grace period ends (the process test
      // in server-process.test.ts sends the signal itself).
      server.endOpenStreams();
      const events = (await body)
        .split('\n\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as { type: string; code?: string; status?: number });
      expect(events.at(-1)).toEqual({
        type: 'error',
        detail: 'This server is shutting down; send the document again and another server will translate it',
        code: 'SHUTTING_DOWN',
        status: 503,
      });
      // Refunded: the key's count is back where it was before the upload.
      await expect.poll(usage).toBe(0);
    } finally {
      await engine.close();
    }
  });
});
