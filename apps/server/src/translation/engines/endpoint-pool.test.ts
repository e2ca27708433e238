import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { EndpointPool } from './endpoint-pool.ts';
import { RemoteEndpoint } from './remote/endpoint.ts';
import { plainServer } from '../../../test/plain-server.ts';

/** A stand-in Sema server: `status` is what its /status says, `translate` answers the batch route. */
async function server(options: {
  status: () => unknown;
  translate?: (response: http.ServerResponse) => void;
}): Promise<{ url: string; calls: number; close(): Promise<void> }> {
  const state = { calls: 0 };
  const started = await plainServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/status') {
        return void response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ engines: { translation: options.status() } }));
      }
      state.calls++;
      if (options.translate) return options.translate(response);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ translations: [{ translated_text: 'Salut.' }] }));
    });
  });
  servers.push(started);
  return {
    url: started.url,
    get calls() {
      return state.calls;
    },
    close: () => started.close(),
  };
}

const servers: { close(): Promise<void> }[] = [];
const pools: EndpointPool<RemoteEndpoint>[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) pool.close();
  await Promise.all(servers.splice(0).map((started) => started.close()));
});

function pool(urls: string[], probeIntervalMs = 60_000): EndpointPool<RemoteEndpoint> {
  const created = new EndpointPool(
    urls.map((url) => new RemoteEndpoint(url, 5000)),
    probeIntervalMs,
  );
  pools.push(created);
  return created;
}

const translate = (endpoint: RemoteEndpoint) => endpoint.translate(['Hi.'], 'eng_Latn', 'fra_Latn');

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('EndpointPool', () => {
  it('tries a busy server’s call once on another, and leaves the busy one up', async () => {
    const busy = await server({
      status: () => ({ state: 'ready' }),
      translate: (response) =>
        response
          .writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' })
          .end(JSON.stringify({ detail: 'The translation queue is full' })),
    });
    const working = await server({ status: () => ({ state: 'ready' }) });
    const endpoints = pool([busy.url, working.url]);
    await endpoints.start();
    // Round-robin starts with the busy one: its 503 goes to the other server.
    expect(await endpoints.call(translate)).toEqual(['Salut.']);
    expect([busy.calls, working.calls]).toEqual([1, 1]);
    expect(endpoints.states().map((state) => state.state)).toEqual(['ready', 'ready']);
    expect(endpoints.summary('servers')).toEqual({ state: 'ready' });
  });

  it('marks a server that fails down, sends it nothing more, and says so in the summary', async () => {
    const broken = await server({
      status: () => ({ state: 'ready' }),
      translate: (response) => response.writeHead(500).end('{"detail":"boom"}'),
    });
    const working = await server({ status: () => ({ state: 'ready' }) });
    const endpoints = pool([broken.url, working.url]);
    await endpoints.start();
    expect(await endpoints.call(translate)).toEqual(['Salut.']);
    expect(endpoints.summary('servers')).toEqual({
      state: 'ready',
      detail: '1 of 2 servers up; Remote translation server failed (500): boom',
    });
    for (let i = 0; i < 4; i++) await endpoints.call(translate);
    expect([broken.calls, working.calls]).toEqual([1, 5]);
  });

  it('probes on its interval: a server that was down is used again once its /status says ready', async () => {
    let state = 'error';
    const flapping = await server({ status: () => ({ state, detail: 'the model failed' }) });
    const endpoints = pool([flapping.url], 50);
    await endpoints.start();
    expect(endpoints.summary('servers')).toEqual({
      state: 'error',
      detail: 'the remote engine is in error: the model failed',
    });
    state = 'ready';
    await waitFor(() => endpoints.summary('servers').state === 'ready');
    expect(await endpoints.call(translate)).toEqual(['Salut.']);
  });

  it('is loading while no server is ready and one loads, with its download progress', async () => {
    const loading = await server({ status: () => ({ state: 'loading', progress: 0.4 }) });
    const gone = await server({ status: () => ({ state: 'ready' }) });
    await gone.close();
    const endpoints = pool([gone.url, loading.url]);
    await endpoints.start();
    expect(endpoints.summary('servers')).toEqual({ state: 'loading', progress: 0.4 });
    expect(endpoints.states()[0]).toMatchObject({
      state: 'error',
      detail: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});
