// For the chat e2e: the fake OpenAI-compatible upstream and a real Sema server that uses it (with
// the tiny NLLB model), each its own process, like production. The fake is scripted over HTTP.
import { after, before, beforeEach } from 'node:test';
import path from 'node:path';
import { abortOnExit, startProcess } from '@sema/testkit/process';
import { repoRoot } from '@sema/testkit/sema';
import { waitFor } from '@sema/testkit/wait-for';
import { launchBrowser } from './browser.mjs';
import { startSemaServer } from './sema-server.mjs';

/** Starts the fake upstream; resolves once it printed its base URL (its first line). */
async function startFake(apiKey) {
  const fake = startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/test/fake-openai-server.ts'), '--api-key', apiKey],
    { cwd: repoRoot },
  );
  const line = await waitFor(() => /^\{.*"baseUrl".*\}$/m.exec(fake.output())?.[0], {
    what: 'the fake upstream to print its base URL',
    signal: abortOnExit(fake, 'the fake upstream'),
  });
  const { baseUrl } = JSON.parse(line);
  const control = baseUrl.replace(/\/v1$/, '/__fake');
  const call = async (route, body) => {
    const response = await fetch(
      `${control}/${route}`,
      body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
    );
    return response.json();
  };
  return {
    /** @param {import('@sema/testkit/process').StopOptions} [options] */
    stop: (options) => fake.stop(options),
    baseUrl,
    enqueue: (...scenarios) => call('enqueue', { scenarios }),
    reset: () => call('reset', {}),
    requests: () => call('requests'),
    disconnects: async () => (await call('disconnects')).disconnects,
  };
}

/** The fake upstream and a Sema server pointed at it (its key in SEMA_CHAT_API_KEY), ready to chat. */
/** @param {{ apiKey?: string, model?: string, env?: Record<string, string> }} [options] */
export async function startChatServers({ apiKey = 'hf_e2e_fake_key', model, env = {} } = {}) {
  const fake = await startFake(apiKey);
  let server;
  try {
    server = await startSemaServer({
      SEMA_CHAT_PROVIDER: 'openai',
      SEMA_CHAT_BASE_URL: fake.baseUrl,
      SEMA_CHAT_API_KEY: apiKey,
      ...(model ? { SEMA_CHAT_MODEL: model } : {}),
      ...env,
    });
  } catch (error) {
    await fake.stop({ signal: 'SIGKILL' });
    throw error;
  }
  const stop = async () => {
    await server.stop();
    await fake.stop();
  };
  return { url: server.url, fake, stop };
}

/**
 * For the calling spec: Chromium and the chat servers, started before its tests and stopped after
 * them, the fake upstream reset before each test. `use` receives them once they are up.
 * @param {(browser: import('playwright-core').Browser, servers: Awaited<ReturnType<typeof startChatServers>>) => void} use
 * @param {Parameters<typeof startChatServers>[0]} [options] the servers' settings
 */
export function withBrowserAndChatServers(use, options) {
  let browser;
  let servers;
  before(async () => {
    [browser, servers] = await Promise.all([launchBrowser(), startChatServers(options)]);
    use(browser, servers);
  });
  after(async () => {
    await browser?.close();
    await servers?.stop();
  });
  beforeEach(() => servers.fake.reset());
}
