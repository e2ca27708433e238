// For the chat e2e: the fake OpenAI-compatible upstream and a real Sema server that uses it (with
// the tiny NLLB model), each its own process, like production. The fake is scripted over HTTP.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../../scripts/lib/free-port.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverRoot = path.join(repoRoot, 'apps/server');

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

async function waitForTranslation(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Sema server exited early (code ${child.exitCode})`);
    try {
      const status = await (await fetch(`${url}/api/v1/status`)).json();
      if (status.engines.translation.state === 'ready') return status;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the Sema server did not get ready in time');
}

/** The fake upstream and a Sema server pointed at it (its key in SEMA_CHAT_API_KEY), ready to chat. */
export async function startChatServers({ apiKey = 'hf_e2e_fake_key', model } = {}) {
  const fake = await startFake(apiKey);
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEMA_LOG_LEVEL: 'warn',
    SEMA_NLLB_MODEL: path.join(serverRoot, 'test/fixtures/tiny-nllb'),
    SEMA_CHAT_PROVIDER: 'openai',
    SEMA_CHAT_BASE_URL: fake.baseUrl,
    SEMA_CHAT_API_KEY: apiKey,
    ...(model ? { SEMA_CHAT_MODEL: model } : {}),
  };
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForTranslation(url, server);
  } catch (error) {
    server.kill('SIGKILL');
    fake.child.kill('SIGKILL');
    throw error;
  }
  const stop = async () => {
    for (const child of [server, fake.child]) {
      if (child.exitCode !== null) continue;
      child.kill('SIGTERM');
      await Promise.race([
        new Promise((resolve) => child.once('exit', resolve)),
        new Promise((resolve) => setTimeout(resolve, 10_000)),
      ]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  };
  return { url, fake, stop };
}
