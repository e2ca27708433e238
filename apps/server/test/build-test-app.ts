import type { AddressInfo } from 'node:net';
import { chatOffUnlessAsked } from '@sema/testkit/sema';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config/read.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';

/**
 * The real app, built from environment-style settings, quiet, ready for `inject()`. Translation
 * runs on the tiny model fixture (never a download of the real one); chat is off unless asked for.
 */
/**
 * Tests read /metrics and the detailed /status as the operator would: the operator's routes are
 * open unless the test sets up the token (SEMA_ADMIN_TOKEN) or chooses SEMA_OPERATOR_ROUTES itself.
 */
function operatorUnlessAsked(env: Record<string, string | undefined>): Record<string, string> {
  return env.SEMA_ADMIN_TOKEN !== undefined || env.SEMA_OPERATOR_ROUTES !== undefined
    ? {}
    : { SEMA_OPERATOR_ROUTES: 'open' };
}

export async function buildTestApp(env: Record<string, string | undefined> = {}): Promise<App> {
  const config = loadConfig({
    SEMA_LOG_LEVEL: 'silent',
    ...operatorUnlessAsked(env),
    SEMA_GLOSSARY_DB: ':memory:',
    SEMA_USAGE_DB: ':memory:',
    SEMA_WEB_DIST: '/nonexistent-web-dist',
    SEMA_NLLB_MODEL: TINY_NLLB,
    ...chatOffUnlessAsked(env),
    ...env,
  });
  const app = await buildApp(config);
  await app.ready();
  return app;
}

/** Starts a built app listening on a free loopback port: the one way tests put an app on a socket. */
export async function listenOn(app: App): Promise<{ base: string; port: number }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, port };
}

/** The test app listening on a free loopback port, with its base URL; the model has translated once. */
export async function listenTestApp(
  env: Record<string, string | undefined> = {},
): Promise<{ app: App; base: string; port: number }> {
  const app = await buildTestApp(env);
  const { base, port } = await listenOn(app);
  await app.translation.translate({ text: 'warm up', source: 'eng_Latn', target: 'fra_Latn' });
  return { app, base, port };
}

/**
 * The listening test app shared by the tests of one file: started before them, closed after them.
 * Read `app` and `base` inside the tests (they are set once the app listens).
 */
export function listenDuringTests(env: Record<string, string | undefined> = {}): { app: App; base: string } {
  const served = {} as { app: App; base: string };
  beforeAll(async () => {
    Object.assign(served, await listenTestApp(env));
  }, 60_000);
  afterAll(() => served.app?.close());
  return served;
}

/** A multipart upload: `fields`, then the file `fileName` with `content`. */
export function uploadForm(
  fileName: string,
  content: Uint8Array | string,
  fields: Record<string, string>,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([content]), fileName);
  return form;
}

/** POSTs `payload` as JSON to `url` on `app` (in-process, no socket), with `headers` added. */
export function postJson(app: App, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** Runs `use` on an app built with `env`, and closes the app after, whatever happens. */
export async function withTestApp(env: Record<string, string | undefined>, use: (app: App) => Promise<void>) {
  const app = await buildTestApp(env);
  try {
    await use(app);
  } finally {
    await app.close();
  }
}
