/**
 * Downloads honour HTTP_PROXY / HTTPS_PROXY and NO_PROXY: a real server process, started with an
 * empty model cache, fetches the translation model (in its model process) and the local chat model
 * (in the server process) from a stand-in hub, through a small recording proxy — or straight from
 * the hub when NO_PROXY names it.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proxySettings, useProxyFromEnvironment, withoutCredentials } from '../src/lib/download-proxy.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';
import { killAllSema } from '@sema/testkit/sema';
import { startServerProcess, statusOf } from './server-process.ts';
import { plainServer } from './plain-server.ts';

const TINY_CHAT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/tiny-chat.gguf');
const NLLB_PREFIX = '/sema-test/tiny-nllb/resolve/main/';
const CHAT_PATH = '/sema/tiny-chat/resolve/main/tiny-chat.gguf';

interface Recording {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/**
 * The hub, on 127.0.0.2: a loopback address, but not one Sema sends around the proxy by itself
 * (localhost, 127.0.0.1 and [::1] are).
 */
async function startHub(): Promise<Recording> {
  const requests: string[] = [];
  const server = await plainServer(
    (request, response) => {
      const url = decodeURIComponent((request.url ?? '').split('?')[0]!);
      requests.push(`${request.method} ${url}`);
      const file = url.startsWith(NLLB_PREFIX)
        ? path.join(TINY_NLLB, url.slice(NLLB_PREFIX.length))
        : url === CHAT_PATH
          ? TINY_CHAT
          : undefined;
      if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        response.writeHead(404).end('Entry not found');
        return;
      }
      const body = fs.readFileSync(file);
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
    },
    { host: '127.0.0.2' },
  );
  return { url: server.url, requests, close: server.close };
}

/** A forwarding HTTP proxy that records every request it is asked to make. */
async function startProxy(): Promise<Recording> {
  const requests: string[] = [];
  const proxy = await plainServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const upstream = http.request(
      request.url!,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  proxy.server.on('connect', (request, socket) => {
    requests.push(`CONNECT ${request.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  return { url: proxy.url, requests, close: proxy.close };
}

describe('proxy settings', () => {
  it('reads the usual variables, either case, and always leaves loopback direct', () => {
    expect(proxySettings({})).toBeUndefined();
    expect(proxySettings({ NO_PROXY: 'example.org' })).toBeUndefined();
    expect(proxySettings({ https_proxy: 'http://proxy:3128', NO_PROXY: 'mirror.lan' })).toEqual({
      httpsProxy: 'http://proxy:3128',
      noProxy: 'mirror.lan,localhost,127.0.0.1,[::1]',
    });
    expect(proxySettings({ HTTP_PROXY: 'http://proxy:3128', no_proxy: '*' })).toEqual({
      httpProxy: 'http://proxy:3128',
      httpsProxy: 'http://proxy:3128',
      noProxy: '*',
    });
    expect(withoutCredentials('http://user:secret@proxy:3128')).toBe('http://proxy:3128/');
  });
});

describe('model downloads', () => {
  let hub: Recording;
  let proxy: Recording;
  const folders: string[] = [];
  beforeAll(async () => {
    hub = await startHub();
    proxy = await startProxy();
  });
  afterEach(killAllSema);
  afterAll(async () => {
    await hub.close();
    await proxy.close();
    folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true }));
  });

  /** A server with an empty cache that downloads both models from the hub; resolves once both load. */
  async function downloadBoth(env: Record<string, string>) {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-proxy-'));
    folders.push(cache);
    const server = await startServerProcess({
      SEMA_LOG_LEVEL: 'info',
      SEMA_MODEL_CACHE: cache,
      SEMA_HUB_URL: `${hub.url}/`,
      SEMA_NLLB_MODEL: 'sema-test/tiny-nllb',
      SEMA_CHAT_PROVIDER: 'local',
      SEMA_CHAT_LOCAL_MODEL: 'hf:sema/tiny-chat/tiny-chat.gguf',
      SEMA_CHAT_THREADS: '1',
      ...env,
    });
    await expect
      .poll(
        async () => {
          const { engines } = await statusOf(server);
          return [engines.translation.state, engines.chat.state];
        },
        { timeout: 60_000, interval: 200 },
      )
      .toEqual(['ready', 'ready']);
    return server;
  }

  it('go through HTTP_PROXY: the translation model from the model process, the chat model from the server', async () => {
    hub.requests.length = 0;
    const server = await downloadBoth({ HTTP_PROXY: proxy.url });
    const viaProxy = proxy.requests.join('\n');
    expect(viaProxy).toContain(`GET ${hub.url}${NLLB_PREFIX}config.json`);
    expect(viaProxy).toContain(`GET ${hub.url}${NLLB_PREFIX}onnx/decoder_model_merged_quantized.onnx`);
    expect(viaProxy).toContain(`GET ${hub.url}${CHAT_PATH}`);
    // Everything the hub served came through the proxy.
    expect(hub.requests.length).toBe(proxy.requests.length);
    expect(server.output()).toContain(`downloads go through the proxy ${proxy.url}/`);
  }, 90_000);

  it('go straight to a host NO_PROXY names', async () => {
    hub.requests.length = 0;
    proxy.requests.length = 0;
    await downloadBoth({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.2' });
    expect(hub.requests).toContain(`GET ${NLLB_PREFIX}config.json`);
    expect(hub.requests).toContain(`GET ${CHAT_PATH}`);
    expect(proxy.requests).toEqual([]);
  }, 90_000);

  it('ask the proxy for a tunnel to an https:// host', async () => {
    proxy.requests.length = 0;
    // In this test process: its own requests to 127.0.0.1 still go direct.
    await useProxyFromEnvironment({ HTTPS_PROXY: proxy.url });
    await expect(fetch('https://models.example.org/config.json')).rejects.toThrow();
    expect(proxy.requests).toEqual(['CONNECT models.example.org:443']);
  });
});
