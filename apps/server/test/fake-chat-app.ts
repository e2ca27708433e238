import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, listenTestApp } from './build-test-app.ts';
import { chatThrough, startFakeOpenAi, UPSTREAM_KEY, type FakeOpenAi } from './fake-openai.ts';

/**
 * For the calling file or `describe`: a fake OpenAI-compatible upstream that accepts `apiKey`, and
 * an app chatting through it with `env` added; both closed after the tests, the fake reset before
 * each. `use` receives them once they are up.
 */
export function withFakeChat(
  apiKey: string,
  env: Record<string, string>,
  use: (fake: FakeOpenAi, app: App) => void,
): void {
  let fake: FakeOpenAi | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey });
    app = await buildTestApp({ SEMA_CHAT_BASE_URL: fake.baseUrl, SEMA_CHAT_API_KEY: apiKey, ...env });
    use(fake, app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });
  beforeEach(() => fake?.reset());
}

/**
 * For the calling file: the fake upstream (asking for UPSTREAM_KEY) and an app listening, whose chat
 * goes through it as UPSTREAM_MODEL, with `env` added; both closed after the tests, the fake reset
 * before each. `use` receives them and the app's OpenAI-compatible base URL (`…/v1`) once they are up.
 */
export function openAiSurfaceWithFakeChat(
  env: Record<string, string>,
  use: (fake: FakeOpenAi, app: App, base: string) => void,
): void {
  let fake: FakeOpenAi | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: UPSTREAM_KEY });
    const started = await listenTestApp({ ...chatThrough(fake), ...env });
    app = started.app;
    use(fake, app, `${started.base}/v1`);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });
  beforeEach(() => fake?.reset());
}
