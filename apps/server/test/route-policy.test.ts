/**
 * Route policy is declared on each route and read by the hooks: every registered route declares
 * one (a new route that forgets fails here, and fails closed at run time), and the hooks follow
 * the declaration — keys, the rate limit, CORS — rather than lists of paths.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config/read.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';
import { buildTestApp } from './build-test-app.ts';
import { preflight } from './preflight.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-policy-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sema</title>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

/** Every surface switched on: inference mode beside the public API, the web app, keys, a rate limit. */
const EVERYTHING = {
  SEMA_INFERENCE_API: 'with-api',
  SEMA_WEB_DIST: webDist,
  SEMA_API_KEYS: 'policy-key-0001',
  SEMA_RATE_LIMIT: '3/minute',
};

describe('every route declares its policy', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(EVERYTHING);
  }, 60_000);
  afterAll(async () => app?.close());

  /** Routes as added; those under a prefix end in a slash. */
  const routes = () =>
    app.routeMethods.all().map((route) => ({ ...route, url: route.url.replace(/(.)\/$/, '$1') }));

  it('finds no registered route without a declared policy', () => {
    const all = routes();
    // The walk sees every surface: ours, LibreTranslate, DeepL, inference, probes, the web app, the docs.
    for (const url of [
      '/api/v1/translate',
      '/translate',
      '/v2/translate',
      '/v2/health/ready',
      '/livez',
      '/*',
      '/metrics',
      '/api/v1/docs/json',
    ])
      expect(
        all.map((route) => route.url),
        url,
      ).toContain(url);
    const undeclared = all.filter((route) => route.policy === undefined);
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('declares what each kind of route is', () => {
    const policyOf = (method: string, url: string) =>
      routes().find((route) => route.method === method && route.url === url)?.policy;
    for (const [method, url] of [
      ['POST', '/api/v1/translate'],
      ['POST', '/api/v1/translate/document'],
      ['GET', '/api/v1/glossaries'],
      ['POST', '/translate'],
      ['POST', '/v2/document'],
      ['GET', '/v2/usage'],
      ['POST', '/v1/chat/completions'],
      ['POST', '/api/v1/chat/translated'],
    ])
      expect(policyOf(method!, url!)?.key, `${method} ${url} needs a key`).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/v1/languages'],
      ['GET', '/api/v1/status'],
      ['GET', '/languages'],
      ['GET', '/v2/languages'],
      ['GET', '/livez'],
      ['GET', '/*'],
      ['POST', '/v2/models/:name/infer'],
      ['GET', '/v1/models'],
    ])
      expect(policyOf(method!, url!)?.key, `${method} ${url} needs no key`).toBe(false);
    expect(policyOf('GET', '/metrics')?.operator).toBe(true);
    expect(policyOf('GET', '/readyz')).toMatchObject({
      whileDraining: true,
      quietLog: true,
      rateLimit: false,
    });
  });

  it('rate-limits the APIs by their policy, never the probes, the web app or inference', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/v2/health/live' })).statusCode).toBe(200);
    }
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await app.inject({ method: 'GET', url: '/api/v1/languages' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // One budget per address across the APIs: LibreTranslate's languages are limited too.
    expect((await app.inject({ method: 'GET', url: '/languages' })).statusCode).toBe(429);
  });

  it('opens CORS on the public APIs only, preflights included', async () => {
    const asking = (url: string, method: string) => preflight(app, url, { method });
    const open = await asking('/v2/translate', 'POST');
    expect(open.headers['access-control-allow-origin']).toBe('*');
    expect((await asking('/api/v1/session', 'POST')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await asking('/metrics', 'GET')).headers['access-control-allow-origin']).toBeUndefined();
    const page = await app.inject({
      method: 'GET',
      url: '/',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const status = await app.inject({
      method: 'GET',
      url: '/livez',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(status.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight as a CORS library would: methods, the headers asked for, 204 with no body', async () => {
    const answer = await preflight(app, '/api/v1/translate?x=1', {
      method: 'POST',
      headers: 'content-type, x-api-key',
    });
    expect(answer.statusCode).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET,HEAD,POST',
      'access-control-allow-headers': 'content-type, x-api-key',
      'content-length': '0',
    });
    expect(answer.headers['access-control-expose-headers']).toContain('X-Request-ID');
    expect(answer.body).toBe('');
    // Without an Origin it is no preflight; an OPTIONS about a route that is no public API is refused.
    const originless = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/translate',
      headers: { 'access-control-request-method': 'POST' },
    });
    expect([originless.statusCode, originless.body]).toEqual([400, 'Invalid Preflight Request']);
    const asking = (url: string) => preflight(app, url, { method: 'GET' });
    const closed = await asking('/metrics');
    expect(closed.statusCode).toBe(405); // /metrics takes GET only, and no cross-origin reader
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    expect((await asking('/api/v1/nowhere')).statusCode).toBe(404);
  });

  it('sends the same security headers on every answer, pages and APIs, errors included', async () => {
    const answers = await Promise.all(
      ['/api/v1/languages', '/livez', '/', '/api/v1/no-such-route'].map((url) =>
        app.inject({ method: 'GET', url }),
      ),
    );
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(([name]) =>
          /^(content-security-policy|strict-transport-security|x-frame-options|x-content-type-options|referrer-policy|cross-origin-.*|origin-agent-cluster|x-dns-prefetch-control|x-download-options|x-permitted-cross-domain-policies|x-xss-protection)$/.test(
            name,
          ),
        ),
      );
    const first = security(answers[0]!.headers);
    expect(first['content-security-policy']).toContain("default-src 'self'");
    expect(first['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first['x-content-type-options']).toBe('nosniff');
    expect(first['cross-origin-embedder-policy']).toBeUndefined();
    expect(Object.keys(first).length).toBeGreaterThanOrEqual(10);
    for (const answer of answers.slice(1)) expect(security(answer.headers)).toEqual(first);
  });
});

describe('a route that declares nothing', () => {
  let app: App;
  beforeAll(async () => {
    const config = loadConfig({
      SEMA_LOG_LEVEL: 'silent',
      SEMA_GLOSSARY_DB: ':memory:',
      SEMA_WEB_DIST: '/nonexistent-web-dist',
      SEMA_NLLB_MODEL: TINY_NLLB,
      SEMA_CHAT_PROVIDER: 'none',
      SEMA_API_KEYS: 'policy-key-0001',
    });
    app = await buildApp(config);
    app.post('/api/v1/forgotten', async () => ({ done: true }));
    await app.ready();
  }, 60_000);
  afterAll(async () => app?.close());

  it('is found by the walk, and fails closed: it needs a key', async () => {
    expect(app.routeMethods.all().filter((route) => route.policy === undefined)).toEqual([
      { method: 'POST', url: '/api/v1/forgotten', policy: undefined },
    ]);
    expect((await app.inject({ method: 'POST', url: '/api/v1/forgotten' })).statusCode).toBe(401);
    const withKey = await app.inject({
      method: 'POST',
      url: '/api/v1/forgotten',
      headers: { 'x-api-key': 'policy-key-0001' },
    });
    expect(withKey.statusCode).toBe(200);
  });
});
