// For the chat e2e: the fake OpenAI-compatible upstream and a real Sema server that uses it (with
// the tiny NLLB model), each its own process, like production. The fake is scripted over HTTP.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot, serverRoot, startSemaServer, stopProcess } from './sema-server.mjs';

/** Starts the fake upstream; resolves once it printed its base URL. */
async function startFake(apiKey) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(serverRoot, 'test/fake-openai-server.ts'), '--api-key', apiKey],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fake upstream exited (code ${code})`)));
    readline.createInterface({ input: child.stdout }).once('line', resolve);
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
    child,
    baseUrl,
    enqueue: (...scenarios) => call('enqueue', { scenarios }),
    reset: () => call('reset', {}),
    requests: () => call('requests'),
    disconnects: async () => (await call('disconnects')).disconnects,
  };
}

/** The fake upstream and a Sema server pointed at it (its key in SEMA_CHAT_API_KEY), ready to chat. */
/** @param {{ apiKey?: string, model?: string }} [options] */
export async function startChatServers({ apiKey = 'hf_e2e_fake_key', model } = {}) {
  const fake = await startFake(apiKey);
  let server;
  try {
    server = await startSemaServer({
      SEMA_CHAT_PROVIDER: 'openai',
      SEMA_CHAT_BASE_URL: fake.baseUrl,
      SEMA_CHAT_API_KEY: apiKey,
      ...(model ? { SEMA_CHAT_MODEL: model } : {}),
    });
  } catch (error) {
    fake.child.kill('SIGKILL');
    throw error;
  }
  const stop = async () => {
    await server.stop();
    await stopProcess(fake.child);
  };
  return { url: server.url, fake, stop };
}
