import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './build-test-app.ts';
import { preflight } from './preflight.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const post = (url: string, payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('the HTTP contract every route keeps', () => {
  it('answers malformed JSON with 400 and a JSON detail', async () => {
    const response = await post('/api/v1/detect-language', '{"text": "hi"');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(response.json().detail).toMatch(/Malformed JSON/);
  });

  it('answers wrong types with 422 naming the field', async () => {
    const number = await post('/api/v1/detect-language', JSON.stringify({ text: 42 }));
    expect(number.statusCode).toBe(422);
    expect(number.json()).toEqual({ detail: 'text must be a string', code: 'VALIDATION_ERROR' });
    const array = await post('/api/v1/detect-language', JSON.stringify({ text: ['a', 'b'] }));
    expect(array.statusCode).toBe(422);
    expect(array.json().detail).toBe('text must be a string');
  });

  it('answers a missing text with the spec message', async () => {
    const response = await post('/api/v1/detect-language', '{}');
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('Text cannot be empty');
  });

  it('answers a 10 MB body with 413 without reading it all into a handler', async () => {
    const response = await post(
      '/api/v1/detect-language',
      JSON.stringify({ text: 'a'.repeat(10 * 1024 * 1024) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await post('/api/v1/detect-language', 'text=hello', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('never shows where the server keeps its files (the model folder, the repository)', async () => {
    const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    await (app.translation as unknown as { engine: { whenReady(): Promise<void> } }).engine.whenReady();
    for (const url of [
      '/status',
      '/api/v1/status',
      '/readyz',
      '/api/v1/openapi.json',
      '/api/v1/languages/eng_Latn',
    ]) {
      const response = await app.inject(url);
      expect(response.body, url).not.toContain(repository);
      expect(response.body, url).not.toMatch(/node_modules|\/fixtures\//);
    }
    const status = (await app.inject('/status')).json();
    expect(status.engines.translation.model).toBe('tiny-nllb');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found: GET /api/v1/nope', code: 'NOT_FOUND' });
  });

  it('sets X-Request-ID (echoing a sane client id) and X-Response-Time on every response', async () => {
    const mine = await app.inject({ method: 'GET', url: '/status', headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers['x-request-id']).toBe('abc-123');
    expect(mine.headers['x-response-time']).toMatch(/^\d+(\.\d+)?ms$/);
    const hostile = await app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { 'x-request-id': '<script>' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens CORS on the API and sends security headers', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/languages/popular',
      headers: { origin: 'https://example.org' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const asked = await preflight(app, '/api/v1/translate', { method: 'POST' });
    expect(asked.statusCode).toBe(204);
    // A public API: any origin, never with credentials.
    expect(asked.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('sends a strict content security policy: no inline or foreign scripts, no framing', async () => {
    const csp = String((await app.inject('/status')).headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('serves an OpenAPI document listing every endpoint, and the explorer', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/translate',
      '/api/v1/detect-language',
      '/api/v1/languages',
      '/api/v1/languages/popular',
      '/api/v1/languages/region/{region}',
      '/api/v1/languages/search',
      '/api/v1/status',
      '/api/v1/translate/batch',
      '/api/v1/translate/document',
      '/api/v1/glossaries',
      '/api/v1/chat',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    // The opening text names what the list below cannot show, and leads back to the app.
    const description: string = spec.info.description;
    expect(description).toContain('[← Back to the app](/)');
    for (const mention of [
      '/api/v1/translate/batch',
      '/api/v1/glossaries',
      '/api/v1/chat',
      '/api/v1/chat/translated',
      'LibreTranslate API',
      '/v1/chat/completions',
      'DeepL API v2',
    ]) {
      expect(description).toContain(mention);
    }
    expect(description).toContain('No key, no sign-up.');
    const docs = await app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('exposes Prometheus metrics', async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('sema_http_request_duration_seconds');
  });
});

describe('rate limit', () => {
  it('answers 429 with JSON and Retry-After once the per-IP limit is spent', async () => {
    const limited = await buildTestApp({ SEMA_RATE_LIMIT: '2/minute' });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await limited.inject({ method: 'GET', url: '/api/v1/languages/popular' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const last = await limited.inject({ method: 'GET', url: '/api/v1/languages/popular' });
      expect(last.json().code).toBe('RATE_LIMITED');
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
