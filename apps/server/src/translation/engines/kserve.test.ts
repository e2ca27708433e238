import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@sema/testkit/free-port';
import { killAllSema, type Sema } from '@sema/testkit/sema';
import { waitFor } from '@sema/testkit/wait-for';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TranslateResponse } from '@sema/shared/api/schemas';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { plainServer } from '../../../test/plain-server.ts';
import { startServerProcess } from '../../../test/server-process.ts';
import { TINY_NLLB } from '../testing/tiny-nllb.ts';
import { KserveEngine } from './kserve.ts';

/**
 * A Sema process in inference mode on the tiny model, at `url`, once its model is ready; with its
 * public API too, so a test can compare with how the node translates by itself.
 */
async function inferenceNode(port?: number): Promise<{ url: string; node: Sema }> {
  const node = await startServerProcess(
    { SEMA_NLLB_MODEL: TINY_NLLB, SEMA_INFERENCE_API: 'with-api' },
    { ready: '/v2/health/ready', name: 'the inference node', ...(port ? { port } : {}) },
  );
  return { url: node.url, node };
}

const kserveEnv = (urls: string[]) => ({
  SEMA_TRANSLATION_ENGINE: 'kserve',
  SEMA_KSERVE_URL: urls.join(','),
  SEMA_KSERVE_TOKENIZER: TINY_NLLB,
});

const translate = (app: App, text: string, target = 'fra_Latn') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/translate',
    payload: { text, source_language: 'eng_Latn', target_language: target },
  });

describe('KserveEngine against real Sema inference processes', () => {
  let first: { url: string; node: Sema };
  let second: { url: string; node: Sema };
  beforeAll(async () => {
    [first, second] = await Promise.all([inferenceNode(), inferenceNode()]);
  }, 60_000);
  afterAll(() => killAllSema());

  it('translates through the protocol exactly as the inference node translates itself', async () => {
    const front = await buildTestApp(kserveEnv([first.url]));
    try {
      await front.translation.engine.whenReady();
      const text = 'Hello there.\n\nA second paragraph, with more words in it.';
      const through = await translate(front, text);
      expect(through.statusCode).toBe(200);
      const direct = await fetch(`${first.url}/api/v1/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'fra_Latn' }),
      });
      expect(through.json<TranslateResponse>().translated_text).toBe(
        ((await direct.json()) as TranslateResponse).translated_text,
      );
      expect(
        (await front.inject({ method: 'GET', url: '/status' })).json().engines.translation,
      ).toMatchObject({
        state: 'ready',
        model_id: 'kserve:nllb',
      });
    } finally {
      await front.close();
    }
  });

  it('loses no request when an inference node is killed under load, and uses it again once it is back', async () => {
    const front = await buildTestApp(kserveEnv([first.url, second.url]));
    const engine = front.translation.engine as KserveEngine;
    try {
      await engine.whenReady();
      const port = Number(new URL(second.url).port);
      let sent = 0;
      const statuses: number[] = [];
      const load = async (until: () => boolean) => {
        while (!until()) {
          // A new text each time: a cached translation would never reach the inference nodes.
          const response = await translate(front, `Sentence number ${sent++} goes out now.`);
          statuses.push(response.statusCode);
        }
      };
      let stop = false;
      const clients = Promise.all(Array.from({ length: 4 }, () => load(() => stop)));
      await waitFor(() => sent >= 20, { what: '20 requests sent' });
      second.node.child.kill('SIGKILL');
      await second.node.exited;
      const killedAt = sent;
      await waitFor(() => sent >= killedAt + 30, { what: '30 more requests sent with a node down' });
      expect(engine.status()).toMatchObject({
        state: 'ready',
        detail: expect.stringMatching(/^1 of 2 inference servers up; cannot reach/),
      });
      second = await inferenceNode(port);
      await waitFor(() => engine.status().detail === undefined, {
        what: 'the engine to see both nodes again',
      });
      const backAt = sent;
      await waitFor(() => sent >= backAt + 20, { what: '20 more requests sent with both nodes up' });
      stop = true;
      await clients;
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(statuses.length).toBeGreaterThanOrEqual(70);
      // The restarted node took its share again.
      const metrics = await (await fetch(`${second.url}/metrics`)).text();
      expect(Number(/^sema_translation_generated_tokens_total (\d+)/m.exec(metrics)?.[1])).toBeGreaterThan(0);
    } finally {
      await front.close();
    }
  }, 60_000);
});

describe('KserveEngine with servers that misbehave', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  /** Answers health 200 and every infer with `infer`; counts the infer calls. */
  async function fakeServer(infer: (response: http.ServerResponse) => void) {
    const calls = { infer: 0 };
    const server = await plainServer((request, response) => {
      request.resume();
      request.on('end', () => {
        if (request.url?.endsWith('/infer')) {
          calls.infer++;
          return infer(response);
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ready":true}');
      });
    });
    servers.push(server);
    return { ...server, calls };
  }

  const engineFor = async (urls: string[]) => {
    const engine = new KserveEngine({
      urls,
      model: 'nllb',
      tokenizer: TINY_NLLB,
      modelCache: '/nonexistent',
      timeoutMs: 5000,
      probeIntervalMs: 60_000,
    }).start();
    await engine.whenReady();
    return engine;
  };

  it('tries a sequence on the other server when one fails, and marks the failing one down', async () => {
    const broken = await fakeServer((response) => response.writeHead(500).end('{"error":"boom"}'));
    const working = await fakeServer((response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          model_name: 'nllb',
          outputs: [{ name: 'OUTPUT_IDS', datatype: 'INT32', shape: [1, 1], data: [5] }],
        }),
      ),
    );
    const engine = await engineFor([broken.url, working.url]);
    try {
      const translations = await engine.translate(['One.', 'Two.', 'Three.'], 'eng_Latn', 'fra_Latn');
      expect(translations).toHaveLength(3);
      expect(broken.calls.infer).toBeGreaterThan(0);
      // Each failure was answered by the working server, and the broken one gets nothing more.
      expect(working.calls.infer).toBe(3);
      broken.calls.infer = 0;
      await engine.translate(['Four.', 'Five.'], 'eng_Latn', 'fra_Latn');
      expect(broken.calls.infer).toBe(0);
      expect(engine.status().state).toBe('ready');
    } finally {
      await engine.close();
    }
  });

  it('does not send a refused request again, and says what the server said', async () => {
    const refusing = await fakeServer((response) =>
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad ids"}'),
    );
    const other = await fakeServer((response) => response.writeHead(500).end());
    const engine = await engineFor([refusing.url, other.url]);
    try {
      const error = await engine
        .translate(['One.'], 'eng_Latn', 'fra_Latn')
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ statusCode: 502, detail: expect.stringContaining('400: bad ids') });
      expect(refusing.calls.infer + other.calls.infer).toBe(1);
    } finally {
      await engine.close();
    }
  });

  it('loads a tokenizer that was missing at start once it is there', async () => {
    const server = await fakeServer((response) => response.writeHead(500).end());
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-tokenizer-'));
    const tokenizer = path.join(folder, 'nllb');
    const engine = new KserveEngine({
      urls: [server.url],
      model: 'nllb',
      tokenizer,
      modelCache: folder,
      timeoutMs: 5000,
      probeIntervalMs: 60_000,
      tokenizerRetryMs: 100,
      // Nothing answers here: the first attempt, before the folder exists, fails at once.
      hubUrl: 'http://127.0.0.1:1/',
    }).start();
    try {
      await expect(engine.whenReady()).rejects.toThrow(/cannot load the tokenizer/);
      fs.mkdirSync(tokenizer);
      for (const file of ['tokenizer.json', 'tokenizer_config.json']) {
        fs.copyFileSync(path.join(TINY_NLLB, file), path.join(tokenizer, file));
      }
      await waitFor(() => engine.status().state === 'ready', { what: 'the engine to be ready' });
    } finally {
      await engine.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is in error with the reason when no server can be reached', async () => {
    const port = await freePort();
    const engine = new KserveEngine({
      urls: [`http://127.0.0.1:${port}`],
      model: 'nllb',
      tokenizer: TINY_NLLB,
      modelCache: '/nonexistent',
      timeoutMs: 5000,
    }).start();
    try {
      await expect(engine.whenReady()).rejects.toThrow(/cannot reach/);
      const error = await engine
        .translate(['One.'], 'eng_Latn', 'fra_Latn')
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ statusCode: 502, code: 'UPSTREAM_ERROR' });
    } finally {
      await engine.close();
    }
  });
});
