import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './build-test-app.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';

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
