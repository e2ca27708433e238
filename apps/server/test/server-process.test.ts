import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { killAllSema, TINY_NLLB } from '@sema/testkit/sema';
import { waitFor } from '@sema/testkit/wait-for';
import { afterEach, describe, expect, it } from 'vitest';
import { startSlowRemoteEngine } from './slow-remote-engine.ts';
import { startFakeOpenAi } from './fake-openai.ts';
import { plainServer } from './plain-server.ts';
import { startServerProcess } from './server-process.ts';

afterEach(killAllSema);

describe('the server process', () => {
  it('refuses a bad configuration with a message naming the variable', async () => {
    const server = await startServerProcess({ PORT: 'eighty' }, { ready: false });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('Configuration error: PORT must be a whole number');
  });

  it('refuses a store file a newer Sema wrote, in one sentence naming it, with no stack trace', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-newer-'));
    const file = path.join(folder, 'usage.sqlite');
    const db = new Database(file);
    db.exec(
      "CREATE TABLE sema_schema (store TEXT PRIMARY KEY, version INTEGER NOT NULL); INSERT INTO sema_schema VALUES ('usage', 9)",
    );
    db.close();
    try {
      const server = await startServerProcess({ SEMA_USAGE_DB: file }, { ready: false });
      expect(await server.exited).toBe(78);
      expect(server.output()).toContain(
        `Cannot start: ${file} (SEMA_USAGE_DB) holds usage in layout version 9, written by a newer Sema`,
      );
      expect(server.output()).not.toMatch(/^\s+at /m);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses the remote engine without a URL, and warns at start of a mistyped variable', async () => {
    const remote = await startServerProcess({ SEMA_TRANSLATION_ENGINE: 'remote' }, { ready: false });
    expect(await remote.exited).toBe(78);
    expect(remote.output()).toContain(
      'Configuration error: SEMA_TRANSLATION_ENGINE=remote needs SEMA_TRANSLATION_URL',
    );

    const server = await startServerProcess({ SEMA_RATE_LIMT: '5/minute', SEMA_LOG_LEVEL: 'warn' });
    await expect
      .poll(() => server.output())
      .toContain('SEMA_RATE_LIMT is not a Sema setting and is ignored (did you mean SEMA_RATE_LIMIT?)');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('finishes a request that is in flight when SIGTERM arrives, then exits cleanly', async () => {
    // Info: the log says when SIGTERM has been handled.
    const server = await startServerProcess({ SEMA_LOG_LEVEL: 'info' });

    // A large body sent slowly keeps one request in flight across the signal. `Expect:
    // 100-continue` makes the server say when it holds the request (node answers 100 Continue).
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ text: 'Habari za asubuhi rafiki yangu, natumaini uko salama.' });
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write(
      `POST /api/v1/detect-language HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await waitFor(() => response.includes('100 Continue\r\n\r\n'), {
      what: 'the server to take the request',
    });
    response = '';
    socket.write(body.slice(0, 10));

    server.child.kill('SIGTERM');
    await waitFor(() => server.output().includes('SIGTERM received: finishing in-flight requests'), {
      what: 'the server to handle SIGTERM',
    });
    socket.write(body.slice(10));
    await closed;

    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toMatch(/"detected_language":"[a-z]{3}_[A-Z][a-z]{3}"/);
    expect(await server.exited).toBe(0);
  });
});

describe('the server process on a port already in use', () => {
  it('ends with one sentence naming the port and what to do, and exit code 1, with no stack trace', async () => {
    const busy = await plainServer(() => {});
    const port = busy.port;
    try {
      const server = await startServerProcess({}, { port, ready: false });
      expect(await server.exited).toBe(1);
      const lines = server.output().trim().split('\n');
      // Not a terminal here: the line is JSON, as a log collector wants it.
      const messages = lines.map((line: string) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages).toEqual([
        `Port ${port} is already in use on 127.0.0.1: stop what is using it, or start Sema on another port, e.g. PORT=${port + 1} npm start`,
      ]);
      expect(server.output()).not.toMatch(/\n\s+at /);
    } finally {
      await busy.close();
    }
  });

  it('writes readable lines with SEMA_LOG_FORMAT=pretty', async () => {
    const busy = await plainServer(() => {});
    const port = busy.port;
    try {
      const server = await startServerProcess(
        { SEMA_LOG_FORMAT: 'pretty', NO_COLOR: '1' },
        { port, ready: false },
      );
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(
        new RegExp(`^\\d\\d:\\d\\d:\\d\\d FATAL Port ${port} is already in use on 127\\.0\\.0\\.1: `, 'm'),
      );
    } finally {
      await busy.close();
    }
  });
});

describe('the server process with a drain delay', () => {
  it('on SIGTERM fails readiness first and goes on serving through the delay, then exits 0', async () => {
    // A delay long enough that a loaded machine still gets its requests in during it.
    // And a grace period long enough that a loaded machine closes in time.
    const server = await startServerProcess({
      SEMA_DRAIN_DELAY_SECONDS: '5',
      SEMA_SHUTDOWN_GRACE_SECONDS: '20',
    });
    const base = server.url;
    server.child.kill('SIGTERM');
    // Every body is read: a response the client leaves unread keeps its connection busy, and the
    // server rightly waits for it until the grace period ends (then exits 1).
    const status = async (path: string) => {
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      return response.status;
    };
    await expect.poll(() => status('/readyz'), { timeout: 4_000 }).toBe(503);
    // Readiness is down, yet the node still serves: the balancer has time to stop sending it work.
    expect(await status('/livez')).toBe(200);
    expect(await status('/api/v1/languages')).toBe(200);
    expect(await server.exited, server.output()).toBe(0);
  }, 45_000);

  it('stopped as a process group (systemd, Ctrl-C), keeps translating through the delay and logs no crash of its model process', async () => {
    // The model process gets the group's signal too: it must stay until the server stops it, not
    // die at once (a crash logged during a clean stop, and no translations for the delay).
    const server = await startServerProcess(
      { SEMA_NLLB_MODEL: TINY_NLLB, SEMA_DRAIN_DELAY_SECONDS: '2', SEMA_SHUTDOWN_GRACE_SECONDS: '20' },
      { ready: '/readyz/translation', group: true },
    );
    process.kill(-server.pid!, 'SIGTERM');
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 4_000 }).toBe(503);
    const translated = await fetch(`${server.url}/api/v1/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello.', source_language: 'eng_Latn', target_language: 'fra_Latn' }),
    });
    expect(translated.status, await translated.text()).toBe(200);
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).not.toMatch(/translation model process (stopped|failed)/);
    expect(server.output()).not.toMatch(/"level":50/);
  }, 90_000);
});

describe('the server process with streams that never end', () => {
  it('on SIGTERM ends every open stream (a chat answer, a document in progress) with SHUTTING_DOWN before its grace period runs out, and exits 0', async () => {
    const fake = await startFakeOpenAi();
    fake.setDefault({ kind: 'slow', intervalMs: 50 });
    const engine = await startSlowRemoteEngine();
    try {
      const server = await startServerProcess({
        SEMA_CHAT_BASE_URL: fake.baseUrl,
        ...engine.settings,
        SEMA_SHUTDOWN_GRACE_SECONDS: '3',
      });
      const base = server.url;
      const chat = await fetch(`${base}/api/v1/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Talk for ever.' }], stream: true }),
      });
      const form = new FormData();
      form.append('file', new Blob(['Good morning, everyone.\n'], { type: 'text/plain' }), 'notes.txt');
      form.append('source_language', 'eng_Latn');
      form.append('target_language', 'fra_Latn');
      const document = await fetch(`${base}/api/v1/translate/document?stream=1`, {
        method: 'POST',
        body: form,
      });
      expect([chat.status, document.status]).toEqual([200, 200]);
      const bodies = Promise.all([chat.text(), document.text()]);
      await engine.calls(1); // the document's translation is under way, and held
      server.child.kill('SIGTERM');
      const [chatBody, documentBody] = await bodies;
      const lastEvent = (body: string) =>
        JSON.parse(
          body
            .trim()
            .split('\n\n')
            .filter((line) => line.startsWith('data: '))
            .at(-1)!
            .slice(6),
        ) as object;
      expect(lastEvent(chatBody)).toMatchObject({ type: 'error', code: 'SHUTTING_DOWN' });
      expect(lastEvent(documentBody)).toMatchObject({ type: 'error', code: 'SHUTTING_DOWN', status: 503 });
      expect(await server.exited).toBe(0);
    } finally {
      await Promise.all([fake.close(), engine.close()]);
    }
  });
});
