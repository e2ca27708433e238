import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CADDY, startCaddy } from '@sema/testkit/caddy';
import { freePort } from '@sema/testkit/free-port';
import { HAPROXY, loopbackConfig, startHaproxy } from '@sema/testkit/haproxy';
import { killAllSema, startSema, TINY_NLLB, type Sema } from '@sema/testkit/sema';
import { waitFor } from '@sema/testkit/wait-for';
import { startFakeHub, type FakeHub } from '../src/translation/testing/fake-hub.ts';

/**
 * The shipped front ends (deploy/caddy/Caddyfile with Debian's caddy, deploy/haproxy.cfg with
 * Debian's haproxy), run on loopback in front of a real Sema whose model cannot be downloaded yet
 * (its hub is down), then can. While the model waits, the site must stay up: the web app, /status
 * and the language lists answer, and a translation gets Sema's own 503 saying why, never the
 * proxy's empty one. Once the model is there, translations go through.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const shipped = (file: string) => fs.readFileSync(path.join(repoRoot, 'deploy', file), 'utf8');
const MODEL = 'sema-test/tiny-nllb';

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  await killAllSema();
});

/** A Sema whose model comes from a hub that is down until `hubUp()`. */
async function semaWaitingForItsModel(): Promise<{ sema: Sema; hubUp: () => Promise<FakeHub> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-proxies-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'web'));
  fs.writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html><title>Sema behind a proxy</title>');
  const hubPort = await freePort();
  const sema = await startSema({
    env: {
      SEMA_NLLB_MODEL: MODEL,
      SEMA_HUB_URL: `http://127.0.0.1:${hubPort}`,
      SEMA_MODEL_CACHE: path.join(dir, 'models'),
      SEMA_MODEL_RETRY_SECONDS: '1',
      SEMA_WEB_DIST: path.join(dir, 'web'),
      SEMA_GLOSSARY_DB: ':memory:',
      SEMA_USAGE_DB: ':memory:',
      SEMA_TRUST_PROXY: 'loopback',
      // The test reads /metrics to see the proxy's health checks arrive.
      SEMA_OPERATOR_ROUTES: 'open',
      SEMA_LOG_LEVEL: 'error',
    },
    ready: '/livez',
  });
  const hubUp = async () => {
    const hub = await startFakeHub(MODEL, TINY_NLLB, { port: hubPort });
    cleanup.push(() => hub.close());
    return hub;
  };
  return { sema, hubUp };
}

/** How many times `route` has been asked on `sema` (any status), from its /metrics. */
async function probesAnswered(sema: Sema, route: string): Promise<number> {
  const text = await (await fetch(`${sema.url}/metrics`)).text();
  let count = 0;
  for (const match of text.matchAll(/^sema_http_request_duration_seconds_count\{([^}]*)\} (\d+)$/gm)) {
    if (match[1]!.includes(`route="${route}"`)) count += Number(match[2]);
  }
  return count;
}

const translate = (base: string) =>
  fetch(`${base}/api/v1/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Good morning.', source_language: 'eng_Latn', target_language: 'fra_Latn' }),
  });

/** What the proxy at `base` answers while the model waits: the site, and Sema's own 503 for a translation. */
async function expectSiteUpWhileTheModelWaits(base: string): Promise<void> {
  const page = await fetch(`${base}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Sema behind a proxy');
  const status = await fetch(`${base}/status`);
  expect(status.status).toBe(200);
  const engines = ((await status.json()) as { engines: { translation: { state: string } } }).engines;
  expect(['loading', 'error']).toContain(engines.translation.state);
  expect((await fetch(`${base}/api/v1/languages`)).status).toBe(200);

  const refused = await translate(base);
  expect(refused.status).toBe(503);
  expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await refused.json()).toMatchObject({
    code: 'MODEL_UNAVAILABLE',
    detail: expect.stringMatching(/cannot download sema-test\/tiny-nllb/),
  });
  // The node is ready for traffic; it cannot translate yet, and says so.
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
  const waiting = await fetch(`${base}/readyz/translation`);
  expect(waiting.status).toBe(503);
  expect(((await waiting.json()) as { detail: string }).detail).toMatch(
    /^The translation model is (loading|not available)/,
  );
}

async function expectTranslationOnceTheModelIsThere(base: string, hubUp: () => Promise<FakeHub>) {
  await hubUp();
  await waitFor(async () => (await fetch(`${base}/readyz/translation`)).status === 200, {
    timeout: 60_000,
    interval: 200,
    what: 'the model to load and the proxy to see it',
  });
  const translated = await translate(base);
  expect(translated.status).toBe(200);
  expect(await translated.json()).toMatchObject({ translated_text: expect.any(String) });
}

describe.skipIf(!CADDY)('deploy/caddy/Caddyfile in front of a server whose model is down, then up', () => {
  it('keeps the site up while the model waits, and translates once it is there', async () => {
    const { sema, hubUp } = await semaWaitingForItsModel();
    const caddy = await startCaddy({
      config: (port) =>
        shipped('caddy/Caddyfile')
          .replace(/^sema\.example\.org \{$/m, `http://127.0.0.1:${port} {`)
          .replace('reverse_proxy 127.0.0.1:3000', `reverse_proxy 127.0.0.1:${sema.port}`),
    });
    cleanup.push(() => caddy.stop());
    // Caddy has health-checked Sema (one failed check marks it down): what it answers now is what it decided.
    await waitFor(async () => (await probesAnswered(sema, '/readyz')) >= 1, {
      timeout: 20_000,
      interval: 100,
      what: "Caddy's health checks to reach Sema",
    });
    await expectSiteUpWhileTheModelWaits(caddy.url);
    await expectTranslationOnceTheModelIsThere(caddy.url, hubUp);
  }, 120_000);

  it('says in a sentence that Sema is not answering when it is not, instead of an empty page', async () => {
    const port = await freePort();
    const caddy = await startCaddy({
      config: (listen) =>
        shipped('caddy/Caddyfile')
          .replace(/^sema\.example\.org \{$/m, `http://127.0.0.1:${listen} {`)
          .replace('reverse_proxy 127.0.0.1:3000', `reverse_proxy 127.0.0.1:${port}`)
          // Nothing will come up on that port: the wait for a restarted process need not be sat through.
          .replace(/lb_try_duration \S+/, 'lb_try_duration 1s'),
    });
    cleanup.push(() => caddy.stop());
    const answer = await fetch(`${caddy.url}/`);
    expect(answer.status).toBeGreaterThanOrEqual(502);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(await answer.text()).toMatch(/^Sema is not answering right now/);
  });
});

describe.skipIf(!HAPROXY)('deploy/haproxy.cfg in front of a server whose model is down, then up', () => {
  it('keeps the site up while the model waits, and translates once it is there', async () => {
    const { sema, hubUp } = await semaWaitingForItsModel();
    const haproxy = await startHaproxy({
      config: (port) => loopbackConfig(shipped('haproxy.cfg'), port, [{ name: 'api-1', port: sema.port }]),
    });
    cleanup.push(() => haproxy.stop());
    // Enough checks that HAProxy has made up its mind (fall 2): the node is up for one backend, down
    // for the other.
    await waitFor(
      async () =>
        (await probesAnswered(sema, '/readyz')) >= 3 &&
        (await probesAnswered(sema, '/readyz/translation')) >= 3,
      { timeout: 30_000, interval: 100, what: "HAProxy's health checks to reach Sema" },
    );
    await expectSiteUpWhileTheModelWaits(haproxy.url);
    await expectTranslationOnceTheModelIsThere(haproxy.url, hubUp);
  }, 120_000);
});
