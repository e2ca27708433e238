/**
 * A real server on tiny models for the model-family and routing tests: built from `env`, its
 * models loaded, listening on a free port, with helpers to call it over real HTTP.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { EngineStatus } from '@sema/shared/api/schemas';
import { buildTestApp, listenOn } from './build-test-app.ts';

export async function serveModels(env: Record<string, string>) {
  const app = await buildTestApp({ SEMA_RATE_LIMIT: '1000/minute', ...env });
  await app.translation.engine.whenReady();
  const { base } = await listenOn(app);
  const get = async (path: string) => (await fetch(`${base}${path}`)).json();
  /** A JSON body, or a form (a file upload) as it is. */
  const post = async (path: string, body: unknown) => {
    const form = body instanceof FormData;
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      ...(!form && { headers: { 'Content-Type': 'application/json' } }),
      body: form ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** /status's translation engine, as everyone sees it. */
  const status = async () =>
    ((await get('/status')) as { engines: { translation: EngineStatus } }).engines.translation;
  /** The language lists as each surface answers them: ours, LibreTranslate's, DeepL's. */
  const languages = {
    ours: async () =>
      (await get('/api/v1/languages')) as {
        languages: Record<string, unknown>;
        total_count: number;
        targets_of?: Record<string, string[]>;
        version?: string;
      },
    libre: async () => (await get('/languages')) as { code: string; name: string; targets: string[] }[],
    deepl: async (type: 'source' | 'target') =>
      (await get(`/v2/languages?type=${type}`)) as { language: string; name: string }[],
  };
  /** POST /api/v1/translate, whatever it answers. */
  const attempt = (text: string, source: string, target: string) =>
    post('/api/v1/translate', { text, source_language: source, target_language: target });
  /** The translation, which must succeed. */
  const translate = async (text: string, source: string, target: string) => {
    const answer = await attempt(text, source, target);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return String(answer.body.translated_text);
  };
  return { app, base, get, post, status, languages, attempt, translate };
}

export type ModelServer = Awaited<ReturnType<typeof serveModels>>;

/** A server on `env` for the tests of one describe block. */
export function servingModels(env: Record<string, string>): () => ModelServer {
  let server: ModelServer | undefined;
  beforeAll(async () => {
    server = await serveModels(env);
  }, 120_000);
  afterAll(() => server?.app.close());
  return () => server!;
}

/** Sentences each model translated while `work` ran, by model name, from /status's per-model counters. */
export async function countedDuring(server: ModelServer, work: () => Promise<unknown>) {
  const counts = async (): Promise<Record<string, number>> =>
    Object.fromEntries(((await server.status()).models ?? []).map((model) => [model.model, model.sentences]));
  const before = await counts();
  await work();
  const after = await counts();
  return Object.fromEntries(
    Object.entries(after).map(([name, count]) => [name, count - (before[name] ?? 0)]),
  );
}

/** Which models translated "Good morning." from English into each of `targets`, one after the other. */
export const countedForTargets = (server: ModelServer, targets: string[]) =>
  countedDuring(server, async () => {
    for (const target of targets) await server.translate('Good morning.', 'eng_Latn', target);
  });
