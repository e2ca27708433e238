import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusResponse } from '@sema/shared/api/schemas';
import type { App } from '../../../../app.ts';
import { buildTestApp, postJson, withTestApp } from '../../../../../test/build-test-app.ts';
import { writeBrokenCopies } from '../../../../translation/testing/broken-engine-copies.ts';
import { overallStatus } from './index.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ SEMA_RATE_LIMIT: '100/minute' });
});
afterAll(() => app.close());

describe('GET /status', () => {
  it('reports version, uptime, every engine and the enforced limits at both paths', async () => {
    for (const url of ['/status', '/api/v1/status']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const body = response.json<StatusResponse>();
      expect(['healthy', 'degraded', 'starting']).toContain(body.status);
      expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
      expect(Object.keys(body.engines).sort()).toEqual(['chat', 'detection', 'translation']);
      expect(body.engines.detection.state).toMatch(/ready|loading/);
      expect(body.limits).toMatchObject({ max_text_chars: 5000, rate_limit: '100/minute' });
      expect(body.api_key_required).toBe(false);
    }
  });

  it('says whether API requests need a key', async () => {
    await withTestApp({ SEMA_API_KEYS: 'key-0123456789abcdef' }, async (keyed) => {
      const body = (await keyed.inject({ method: 'GET', url: '/api/v1/status' })).json<StatusResponse>();
      expect(body.api_key_required).toBe(true);
    });
  });

  it('reports the response times of the translations the model answered, measured here', async () => {
    const before = (await app.inject({ method: 'GET', url: '/status' })).json<StatusResponse>();
    expect(before.response_times).toEqual({ translate: null });
    for (const text of ['Good morning.', 'Thank you very much.', 'Where is the station?']) {
      const response = await postJson(app, '/api/v1/translate', {
        text,
        source_language: 'eng_Latn',
        target_language: 'fra_Latn',
      });
      expect(response.statusCode).toBe(200);
    }
    // A refused request is not an answer: it does not count.
    await postJson(app, '/api/v1/translate', { text: '', target_language: 'x' });
    // Nor are answers the model did not work for: English to English, or a translation cached.
    for (const payload of [
      { text: 'Good morning.', source_language: 'eng_Latn', target_language: 'eng_Latn' },
      { text: 'Good morning.', source_language: 'eng_Latn', target_language: 'fra_Latn' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/translate', payload });
      expect(response.statusCode).toBe(200);
    }
    const after = (await app.inject({ method: 'GET', url: '/status' })).json<StatusResponse>();
    expect(after.response_times?.translate).toMatchObject({ samples: 3 });
    const { median_ms: median, p95_ms: p95 } = after.response_times!.translate!;
    expect(median).toBeGreaterThanOrEqual(0);
    expect(p95).toBeGreaterThanOrEqual(median);
  });

  it("says where texts go, from the server's configuration", async () => {
    const here = (await app.inject({ method: 'GET', url: '/api/v1/status' })).json<StatusResponse>();
    expect(here.data_handling).toEqual({ translation: 'this_server', chat: 'off' });
    await withTestApp(
      {
        SEMA_TRANSLATION_ENGINE: 'remote',
        SEMA_TRANSLATION_URL: 'http://127.0.0.1:9',
        SEMA_CHAT_PROVIDER: 'openai',
        SEMA_CHAT_BASE_URL: 'http://127.0.0.1:9/v1',
      },
      async (hosted) => {
        const body = (await hosted.inject({ method: 'GET', url: '/api/v1/status' })).json<StatusResponse>();
        expect(body.data_handling).toEqual({ translation: 'other_servers', chat: 'external_provider' });
      },
    );
    const kserve = await buildTestApp({
      SEMA_TRANSLATION_ENGINE: 'kserve',
      SEMA_KSERVE_URL: 'http://127.0.0.1:9',
    });
    try {
      const body = (await kserve.inject({ method: 'GET', url: '/api/v1/status' })).json<StatusResponse>();
      expect(body.data_handling?.translation).toBe('other_servers');
    } finally {
      await kserve.close();
    }
  });

  it("shows the engines' details, hosts and upstream errors to the operator only; /metrics too", async () => {
    const token = 't'.repeat(40);
    const remote = await buildTestApp({
      SEMA_TRANSLATION_ENGINE: 'remote',
      SEMA_TRANSLATION_URL: 'http://127.0.0.1:9',
      SEMA_ADMIN_TOKEN: token,
    });
    const asOperator = { authorization: `Bearer ${token}` };
    try {
      const status = (headers: Record<string, string> = {}) =>
        remote.inject({ method: 'GET', url: '/api/v1/status', headers });
      await expect
        .poll(async () => (await status(asOperator)).json<StatusResponse>().engines.translation.detail ?? '')
        .toContain('127.0.0.1:9');
      const plain = await status({ authorization: 'Bearer not-the-token' });
      expect(plain.body).not.toContain('127.0.0.1');
      const body = plain.json<StatusResponse>();
      expect(body.engines.translation.detail).toBeUndefined();
      expect(body.engines.translation.state).toMatch(/loading|error/);
      expect(body.redis).toEqual({ state: 'off' });

      const metrics = await remote.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.statusCode).toBe(401);
      expect(metrics.json().code).toBe('OPERATOR_TOKEN_REQUIRED');
      const scraped = await remote.inject({ method: 'GET', url: '/metrics', headers: asOperator });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain('sema_http_request_duration_seconds');
    } finally {
      await remote.close();
    }
    // Without a token the operator's routes are closed, unless the operator opens them.
    await withTestApp({ SEMA_OPERATOR_ROUTES: 'token' }, async (closed) => {
      expect((await closed.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const plain = (await closed.inject({ method: 'GET', url: '/status' })).json<StatusResponse>();
      expect(plain.engines.chat).toEqual({ state: 'disabled', provider: 'none' });
    });
    const open = await buildTestApp({ SEMA_OPERATOR_ROUTES: 'open' });
    try {
      expect((await open.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('is a readable page in a browser, JSON for API clients, and shows a visitor no internal address', async () => {
    await withTestApp(
      {
        SEMA_OPERATOR_ROUTES: 'token',
        SEMA_ADMIN_TOKEN: 'operator-token-0123456789abcdef0123456789',
        SEMA_CHAT_BASE_URL: 'http://llm.internal.example:8080/v1',
        SEMA_CHAT_API_KEY: 'k',
      },
      async (hosted) => {
        const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
        const page = await hosted.inject({ method: 'GET', url: '/status', headers: { accept: browser } });
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toContain('<h1>Sema status</h1>');
        expect(page.body).toMatch(
          /<th scope="row">Translation<\/th><td class="state \w+" data-label="State">(Ready|Loading|Not available)/,
        );
        expect(page.body).toContain('API key required: no');
        expect(page.body).toContain('CC-BY-NC-4.0 (non-commercial use only)');
        expect(page.body).not.toContain('llm.internal.example');
        const json = await hosted.inject({
          method: 'GET',
          url: '/status',
          headers: { accept: 'application/json' },
        });
        expect(json.headers['content-type']).toMatch(/^application\/json/);
        expect(json.body).not.toContain('llm.internal.example');
        const curl = await hosted.inject({ method: 'GET', url: '/status', headers: { accept: '*/*' } });
        expect(curl.headers['content-type']).toMatch(/^application\/json/);
        // The operator's page carries the detail.
        const operator = await hosted.inject({
          method: 'GET',
          url: '/status',
          headers: { accept: browser, authorization: 'Bearer operator-token-0123456789abcdef0123456789' },
        });
        expect(operator.body).toContain('llm.internal.example');
      },
    );
  });

  it("shows the operator which of the engine's speed-ups run, and why one is off: a copy that failed to open", async () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-status-copies-'));
    const token = 'o'.repeat(40);
    try {
      await writeBrokenCopies(cache);
      await withTestApp({ SEMA_MODEL_CACHE: cache, SEMA_ADMIN_TOKEN: token }, async (broken) => {
        const status = async (headers: Record<string, string> = {}) =>
          (await broken.inject({ method: 'GET', url: '/status', headers })).json<StatusResponse>().engines
            .translation;
        const asOperator = { authorization: `Bearer ${token}` };
        await expect.poll(async () => (await status(asOperator)).state, { timeout: 30_000 }).toBe('ready');
        expect((await status(asOperator)).engine_features).toEqual({
          int8_weights: {
            on: false,
            why: expect.stringMatching(/decoder: .*failed to open/),
            fallback: true,
          },
          picks_in_decoder: { on: false, why: expect.stringMatching(/failed to open/), fallback: true },
          new_keys_values_only: { on: false, why: expect.stringMatching(/failed to open/), fallback: true },
          prepacked_weights: { on: false, why: expect.stringMatching(/^only int8 weights/) },
          compact_tokenizer: { on: true },
        });
        // Its reasons name files of the server's: not for everyone.
        expect((await status()).engine_features).toBeUndefined();
      });
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  }, 60_000);

  it('is degraded when an engine failed and starting while one loads', () => {
    expect(overallStatus([{ state: 'ready' }, { state: 'error', detail: 'x' }])).toBe('degraded');
    expect(overallStatus([{ state: 'ready' }, { state: 'loading' }])).toBe('starting');
    expect(overallStatus([{ state: 'ready' }, { state: 'disabled' }])).toBe('healthy');
  });
});
