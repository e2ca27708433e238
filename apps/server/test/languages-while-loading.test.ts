/**
 * While an M2M-100 model's weights still download, the language lists already answer its 98
 * languages, not the catalogue's 202 (the web app keeps the list it gets for a day): the model
 * process reads the model's small files first and says what it serves. The tiny M2M-100 model comes
 * over real HTTP from a hub slow enough to watch.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { startFakeHub, type FakeHub } from '../src/translation/testing/fake-hub.ts';
import { TINY_M2M100 } from '../src/translation/testing/tiny-models.ts';
import { buildTestApp } from './build-test-app.ts';

const MODEL = 'sema-test/tiny-m2m100';
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-loading-languages-'));
let hub: FakeHub | undefined;
let app: App | undefined;

afterAll(async () => {
  await app?.close();
  await hub?.close();
  fs.rmSync(cache, { recursive: true, force: true });
});

it("answers the loading model's own languages before its weights have arrived, and asks nobody to keep them", async () => {
  // About 2 kB every 50 ms: the weights (~290 kB) take several seconds, the small files a moment.
  hub = await startFakeHub(MODEL, TINY_M2M100, { chunkBytes: 2048, chunkDelayMs: 50 });
  app = await buildTestApp({
    SEMA_TRANSLATION_MODEL: MODEL,
    SEMA_HUB_URL: hub.url,
    SEMA_MODEL_CACHE: cache,
  });
  const languages = async () => {
    const response = await app!.inject({ url: '/api/v1/languages' });
    return { total: (response.json() as { total_count: number }).total_count, response };
  };
  await expect.poll(async () => (await languages()).total, { timeout: 20_000, interval: 50 }).toBe(98);
  const { response } = await languages();
  // Still loading: the list came from the model's tokenizer, not from its loaded weights.
  const status = (await app.inject({ url: '/status' })).json() as {
    engines: { translation: { state: string; model_family?: string } };
  };
  expect(status.engines.translation.state).toBe('loading');
  expect(status.engines.translation.model_family).toBe('m2m100');
  expect(response.headers['cache-control']).toBe('no-cache');
  const refused = await app.inject({
    method: 'POST',
    url: '/api/v1/translate',
    payload: { text: 'Hello.', source_language: 'eng_Latn', target_language: 'ace_Arab' },
  });
  expect(refused.statusCode).toBe(422);

  await app.translation.engine.whenReady();
  const ready = await languages();
  expect(ready.total).toBe(98);
  expect(ready.response.headers['cache-control']).toBe('public, max-age=3600');
}, 60_000);
