/**
 * For tests of the chat flow: the real Sema server (tiny NLLB model, real detector and document
 * adapters) listening on a free port, its chat pointed at the fake OpenAI-compatible upstream, both
 * in this process. The API client is pointed at the server.
 */
import { setApiOrigin } from '@/lib/api-client';

/** The server's own test helpers, typed here by what the tests use (the web project does not typecheck the server). */
export interface ServerApp {
  inject(options: {
    method: 'POST';
    url: string;
    payload: object;
    headers?: Record<string, string>;
  }): Promise<{ json<T>(): T }>;
  close(): Promise<void>;
  server: { closeAllConnections(): void };
}

export interface FakeUpstream {
  baseUrl: string;
  requests: Array<{ body: { messages?: Array<{ role: string; content: string }> } }>;
  enqueue(...scenarios: object[]): void;
  reset(): void;
  close(): Promise<void>;
}

const serverDir = new URL('../../../server/', import.meta.url).pathname;

export async function startChatServers(): Promise<{
  app: ServerApp;
  fake: FakeUpstream;
  stop(): Promise<void>;
}> {
  const { startFakeOpenAi } = (await import(/* @vite-ignore */ `${serverDir}test/fake-openai.ts`)) as {
    startFakeOpenAi: () => Promise<FakeUpstream>;
  };
  const { buildTestApp, listenOn } = (await import(
    /* @vite-ignore */ `${serverDir}test/build-test-app.ts`
  )) as {
    buildTestApp: (env: Record<string, string>) => Promise<ServerApp>;
    listenOn: (app: ServerApp) => Promise<{ base: string }>;
  };
  const fake = await startFakeOpenAi();
  // A model name without the R1 rule, so that an answer without think tags is all answer.
  const app = await buildTestApp({
    SEMA_NLLB_MODEL: `${serverDir}test/fixtures/tiny-nllb`,
    SEMA_CHAT_BASE_URL: fake.baseUrl,
    SEMA_CHAT_API_KEY: 'test-key',
    SEMA_CHAT_MODEL: 'sema/test-model',
  });
  setApiOrigin((await listenOn(app)).base);
  return {
    app,
    fake,
    stop: async () => {
      // fetch (undici) keeps spare keep-alive connections that would hold the server open.
      app.server.closeAllConnections();
      await app.close();
      await fake.close();
    },
  };
}
