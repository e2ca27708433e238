import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { chatOffUnlessAsked } from '@sema/testkit/sema';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config/read.ts';
import type { Config } from '../src/config/schema.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';
import { borrowSharedEngine } from './shared-engine.ts';

/**
 * Tests read /metrics and the detailed /status as the operator would: the operator's routes are
 * open unless the test sets up the token (SEMA_ADMIN_TOKEN) or chooses SEMA_OPERATOR_ROUTES itself.
 */
function operatorUnlessAsked(env: Record<string, string | undefined>): Record<string, string> {
  return env.SEMA_ADMIN_TOKEN !== undefined || env.SEMA_OPERATOR_ROUTES !== undefined
    ? {}
    : { SEMA_OPERATOR_ROUTES: 'open' };
}

export interface TestAppOptions {
  /**
   * A model process of the app's own, for tests of the engine (its loading state, its restarts).
   * Otherwise an app on the default tiny model borrows the test file's shared engine
   * (shared-engine.ts); an env that sets up another engine or model always gets its own.
   */
  ownEngine?: boolean;
}

const BASE_ENV = {
  SEMA_LOG_LEVEL: 'silent',
  SEMA_GLOSSARY_DB: ':memory:',
  SEMA_USAGE_DB: ':memory:',
  SEMA_WEB_DIST: '/nonexistent-web-dist',
  SEMA_NLLB_MODEL: TINY_NLLB,
  // The suite's parallel load on 2 cores delays a Redis reply past the 250 ms default now and then
  // (a glossary list answered 503, a key's creation 500, in two clean-clone runs): tests of Redis
  // being away stop it rather than slow it.
  SEMA_REDIS_COMMAND_TIMEOUT_MS: '2000',
};

/**
 * The real app, built from environment-style settings, quiet, ready for `inject()`. Translation
 * runs on the tiny model fixture (never a download of the real one); chat is off unless asked for.
 */
export async function buildTestApp(
  env: Record<string, string | undefined> = {},
  { ownEngine = false }: TestAppOptions = {},
): Promise<App> {
  const config = loadConfig({
    ...BASE_ENV,
    ...operatorUnlessAsked(env),
    ...chatOffUnlessAsked(env),
    ...env,
  });
  const shared = !ownEngine && runsTheDefaultEngine(config);
  const app = await buildApp(
    config,
    {},
    shared ? { translationEngine: (hooks) => borrowSharedEngine(config, hooks) } : {},
  );
  await app.ready();
  return app;
}

/** The settings of the pipeline around the engine: an app may change them and still share the engine. */
const PIPELINE_SETTINGS = new Set([
  'batchWindowMs',
  'maxBatchSize',
  'wholeSentences',
  'cacheSize',
  'cacheTtlSeconds',
  'queueLimit',
  'batchMaxTexts',
  'batchMaxChars',
]);

let defaultConfig: Config | undefined;

/** Whether `config` makes the same engine as a test app with no settings of its own (the tiny model, built in). */
function runsTheDefaultEngine(config: Config): boolean {
  defaultConfig ??= loadConfig(BASE_ENV);
  const engineSettings = (section: Config['translation']) =>
    Object.fromEntries(Object.entries(section).filter(([key]) => !PIPELINE_SETTINGS.has(key)));
  return (
    isDeepStrictEqual(engineSettings(config.translation), engineSettings(defaultConfig.translation)) &&
    isDeepStrictEqual(config.models, defaultConfig.models)
  );
}

/**
 * Starts a built app listening on a free loopback port (or `port`, for a node started again where it
 * was): the one way tests put an app on a socket.
 */
export async function listenOn(
  app: App,
  { port = 0 }: { port?: number } = {},
): Promise<{ base: string; port: number }> {
  await app.listen({ port, host: '127.0.0.1' });
  const listening = (app.server.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${listening}`, port: listening };
}

/** The test app listening on a free loopback port, with its base URL; the model has translated once. */
export async function listenTestApp(
  env: Record<string, string | undefined> = {},
  options: TestAppOptions = {},
): Promise<{ app: App; base: string; port: number }> {
  const app = await buildTestApp(env, options);
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
