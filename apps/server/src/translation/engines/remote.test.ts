import type http from 'node:http';
import { waitFor } from '@sema/testkit/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslateResponse } from '@sema/shared/api/schemas';
import type { App } from '../../app.ts';
import { buildTestApp, listenOn } from '../../../test/build-test-app.ts';
import { plainServer } from '../../../test/plain-server.ts';
import type { TranslationPipeline } from '../pipeline.ts';
import { RemoteEngine } from './remote.ts';

/** What a remote engine forwarding to `url` fails 'Hi.' with. */
function refusalOf(url: string, timeoutMs: number): Promise<unknown> {
  return new RemoteEngine({ urls: [url], timeoutMs })
    .translate(['Hi.'], 'eng_Latn', 'fra_Latn')
    .catch((caught: unknown) => caught);
}

describe('RemoteEngine against another Sema server', () => {
  let upstream: App;
  let upstreamUrl: string;
  let front: App;
  beforeAll(async () => {
    upstream = await buildTestApp();
    await (upstream.translation as TranslationPipeline).engine.whenReady();
    ({ base: upstreamUrl } = await listenOn(upstream));
    front = await buildTestApp({ SEMA_TRANSLATION_ENGINE: 'remote', SEMA_TRANSLATION_URL: upstreamUrl });
    await (front.translation as TranslationPipeline).engine.whenReady();
  });
  afterAll(async () => {
    await front?.close();
    upstream?.server.closeAllConnections();
    await upstream?.close();
  });

  it('answers /api/v1/translate through the remote, with the same translation', async () => {
    const payload = {
      text: 'Hello there.\n\nSecond paragraph here.',
      source_language: 'eng_Latn',
      target_language: 'swh_Latn',
    };
    const direct = (
      await upstream.inject({ method: 'POST', url: '/api/v1/translate', payload })
    ).json<TranslateResponse>();
    const response = await front.inject({ method: 'POST', url: '/api/v1/translate', payload });
    expect(response.statusCode).toBe(200);
    expect(response.json<TranslateResponse>().translated_text).toBe(direct.translated_text);
    expect((await front.inject({ method: 'GET', url: '/status' })).json().engines.translation).toMatchObject({
      state: 'ready',
      model: expect.stringContaining(upstreamUrl),
    });
  });

  it("passes the remote's status and detail on", async () => {
    const engine = new RemoteEngine({ urls: [upstreamUrl], timeoutMs: 5000 });
    const error = await engine.translate(['Hi.'], 'eng_Latn', 'xxx_Latn').catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      statusCode: 422,
      code: 'UNSUPPORTED_LANGUAGE',
      detail: 'Remote translation server: Unsupported language: xxx_Latn',
    });
  });
});

describe('RemoteEngine with servers that misbehave', () => {
  it('falls back to one /api/v1/translate call per sentence when the batch route is missing', async () => {
    const seen: string[] = [];
    const spec = await plainServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        seen.push(request.url ?? '');
        if (request.url !== '/api/v1/translate') return void response.writeHead(404).end();
        const { text, source_language, target_language } = JSON.parse(body) as Record<string, string>;
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            translated_text: `<${text}>`,
            source_language,
            target_language,
            confidence_score: 1,
            processing_time: 0,
          }),
        );
      });
    });
    try {
      const engine = new RemoteEngine({ urls: [spec.url], timeoutMs: 5000 });
      expect(await engine.translate(['One.', 'Two.', 'Three.'], 'eng_Latn', 'fra_Latn')).toEqual([
        '<One.>',
        '<Two.>',
        '<Three.>',
      ]);
      expect(seen.filter((url) => url === '/api/v1/translate/batch')).toHaveLength(1);
      expect(seen.filter((url) => url === '/api/v1/translate')).toHaveLength(3);
    } finally {
      await spec.close();
    }
  });

  it('gives up after the timeout with 504', async () => {
    const silent = await plainServer(() => {});
    try {
      const error = await refusalOf(silent.url, 200);
      expect(error).toMatchObject({
        statusCode: 504,
        code: 'TIMEOUT',
        detail: expect.stringMatching(/did not answer within 0\.2 s$/),
      });
    } finally {
      await silent.close();
    }
  });

  it("keeps the remote's 503 and Retry-After", async () => {
    const busy = await plainServer((_request, response) => {
      response
        .writeHead(503, { 'content-type': 'application/json', 'retry-after': '7' })
        .end(JSON.stringify({ detail: 'The translation queue is full', code: 'OVERLOADED' }));
    });
    try {
      const error = await refusalOf(busy.url, 5000);
      expect(error).toMatchObject({
        statusCode: 503,
        detail: 'Remote translation server: The translation queue is full',
        headers: { 'Retry-After': '7' },
      });
    } finally {
      await busy.close();
    }
  });

  it('says when the remote cannot be reached, and reports it in status', async () => {
    const gone = await plainServer(() => {});
    await gone.close();
    const engine = new RemoteEngine({ urls: [gone.url], timeoutMs: 5000 }).start();
    await expect(engine.whenReady()).rejects.toThrow(/cannot reach/);
    expect(engine.status()).toMatchObject({ state: 'error', detail: expect.stringMatching(/ECONNREFUSED/) });
    const error = await engine.translate(['Hi.'], 'eng_Latn', 'fra_Latn').catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      statusCode: 502,
      code: 'UPSTREAM_ERROR',
      detail: expect.stringMatching(/Cannot reach .*ECONNREFUSED/),
    });
    await engine.close();
  });
});

describe('RemoteEngine pointed at an inference node', () => {
  it('says the node serves the inference protocol and names the kserve engine instead', async () => {
    const node = await buildTestApp({ SEMA_INFERENCE_API: 'on' });
    const { base } = await listenOn(node);
    const engine = new RemoteEngine({ urls: [base], timeoutMs: 5000 }).start();
    try {
      await expect(engine.whenReady()).rejects.toThrow(/inference node/);
      expect(engine.status()).toMatchObject({
        state: 'error',
        detail: expect.stringMatching(/SEMA_TRANSLATION_ENGINE=kserve and SEMA_KSERVE_URL/),
      });
    } finally {
      await engine.close();
      await node.close();
    }
  });
});

describe('RemoteEngine over several servers', () => {
  it('retries a call whose connection was cut, once, so the client never sees the failure', async () => {
    let calls = 0;
    const flaky = await plainServer((request, response) => {
      if (request.url === '/status') return void response.writeHead(200).end('{}');
      calls++;
      // The first call dies with its connection, like a node killed mid-batch.
      if (calls === 1) return void request.socket.destroy();
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ translations: [{ translated_text: 'Salut.' }] }));
    });
    try {
      const engine = new RemoteEngine({ urls: [flaky.url], timeoutMs: 5000 });
      expect(await engine.translate(['Hi.'], 'eng_Latn', 'fra_Latn')).toEqual(['Salut.']);
      expect(calls).toBe(2);
    } finally {
      await flaky.close();
    }
  });

  it('loses no request when one of two inference servers is killed under load, and uses it again once it is back', async () => {
    const nodes = await Promise.all([buildTestApp(), buildTestApp()]);
    await Promise.all(nodes.map((node) => (node.translation as TranslationPipeline).engine.whenReady()));
    const urls = await Promise.all(nodes.map(async (node) => (await listenOn(node)).base));
    const engine = new RemoteEngine({ urls, timeoutMs: 5000, probeIntervalMs: 50 }).start();
    const replacement: App[] = [];
    try {
      await engine.whenReady();
      let n = 0;
      const round = () =>
        Promise.all(
          Array.from({ length: 24 }, () =>
            engine.translate([`Sentence number ${n++}.`], 'eng_Latn', 'fra_Latn'),
          ),
        );
      expect((await round()).flat()).toHaveLength(24);
      // Kill the second node while a round is in flight: every call still gets its translation.
      const during = round();
      nodes[1]!.server.closeAllConnections();
      await nodes[1]!.close();
      expect((await during).flat()).toHaveLength(24);
      expect((await round()).flat()).toHaveLength(24);
      await waitFor(
        () =>
          engine.status().state === 'ready' &&
          /ECONNREFUSED|cannot reach/.test(JSON.stringify(engineEndpoints(engine))),
        { what: 'the engine ready with one endpoint unreachable' },
      );

      // The node comes back on the same address: the probe marks it up and it gets work again.
      const port = Number(new URL(urls[1]!).port);
      const back = await buildTestApp();
      replacement.push(back);
      await (back.translation as TranslationPipeline).engine.whenReady();
      await listenOn(back, { port });
      await waitFor(() => engineEndpoints(engine).every((endpoint) => endpoint.state === 'ready'), {
        what: 'every endpoint to be ready again',
      });
      let served = 0;
      back.server.on('request', (request: http.IncomingMessage) => {
        if (request.url?.startsWith('/api/v1/translate')) served++;
      });
      await round();
      expect(served).toBeGreaterThan(0);
    } finally {
      await engine.close();
      for (const app of [nodes[0]!, ...replacement]) {
        app.server.closeAllConnections();
        await app.close();
      }
    }
  });

  it('keys cached translations by the model the servers report, not by how they are reached', async () => {
    const node = await buildTestApp();
    try {
      await (node.translation as TranslationPipeline).engine.whenReady();
      const { base: url } = await listenOn(node);
      const byAddress = new RemoteEngine({ urls: [url], timeoutMs: 5000 }).start();
      const byName = new RemoteEngine({
        urls: [url.replace('127.0.0.1', 'localhost')],
        timeoutMs: 5000,
      }).start();
      await Promise.all([byAddress.whenReady(), byName.whenReady()]);
      const local = (node.translation as TranslationPipeline).engine.modelId;
      expect(local).toMatch(/^nllb:tiny-nllb@[0-9a-f]{12}:q8$/);
      expect(byAddress.modelId).toBe(local);
      expect(byName.modelId).toBe(local);
      expect(byAddress.status().model_id).toBe(local);
      await Promise.all([byAddress.close(), byName.close()]);
    } finally {
      node.server.closeAllConnections();
      await node.close();
    }
  });
});

/** The per-server states, as /status would tell them apart. */
function engineEndpoints(engine: RemoteEngine): { state: string; detail?: string }[] {
  return engine.pool.states();
}
