import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '@sema/shared/web-routes';
import type { App } from '../src/app.ts';
import { buildTestApp } from './build-test-app.ts';

const SHELL = '<!doctype html><title>Sema</title><div id="root"></div>';
let app: App;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  app = await buildTestApp({ SEMA_WEB_DIST: webDist });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, accept = '*/*') => app.inject({ method: 'GET', url, headers: { accept } });

describe('paths that are not the web app’s pages', () => {
  it.each(Object.values(WEB_ROUTES))('serves the app shell with 200 for the page %s', async (page) => {
    const response = await get(page, 'text/html,application/xhtml+xml');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });

  it('serves a page with a trailing slash or a query, and HEAD, like the page', async () => {
    expect((await get('/developer/?tab=api')).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/about' })).statusCode).toBe(200);
  });

  it("answers an unknown DeepL path (/v2, /v3) with a JSON 404 in DeepL's shape, never the app shell", async () => {
    const response = await get('/v2/health/ready');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found: GET /v2/health/ready' });
  });

  it.each(['/healthz', '/favicon.php', '/.env', '/developer/extra'])(
    'answers a probe of %s with a JSON 404, never the healthy-looking app shell',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: `Not found: GET ${url}`, code: 'NOT_FOUND' });
    },
  );

  it('gives a browser the app shell for an unknown path, with 404, so the app shows its not-found page', async () => {
    const response = await get('/no-such-page', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(SHELL);
  });

  it('still serves the built files, and a missing asset is a 404', async () => {
    expect((await get('/assets/app-1234.js')).body).toBe('console.log(1)');
    expect((await get('/assets/app-9999.js')).statusCode).toBe(404);
  });
});
