#!/usr/bin/env node
// End-to-end runner (`npm run test:e2e -w @sema/web`): builds the web app when its build is missing
// or stale, starts the REAL server on a free port (with the tiny NLLB fixture when it exists), runs
// every e2e/*.spec.mjs with node's test runner against it in Chromium, and stops the server.
//   node e2e/run.mjs                 all specs
//   node e2e/run.mjs picker auth     only specs whose file name contains one of these words
//   node e2e/run.mjs --screenshots   write docs/screenshots/*.png instead of testing
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSema } from '@sema/testkit/sema';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const args = process.argv.slice(2);
const screenshots = args.includes('--screenshots');
const filters = args.filter((arg) => !arg.startsWith('--'));

/** Installs and builds what is missing or stale, exactly as `npm start` and `npm test` do. */
function ensureBuilt() {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/ensure.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The server's translation model has settled, so specs see a stable ready (or failed) engine. */
async function settled({ url }) {
  const response = await fetch(`${url}/api/v1/status`);
  const status = await response.json();
  return response.ok && status.engines.translation.state !== 'loading';
}

/** The settings of the runner's servers: the tiny models when they exist, nothing from a model hub. */
function serverEnv() {
  /** @type {Record<string, string | undefined>} */
  const env = { SEMA_LOG_LEVEL: process.env.SEMA_LOG_LEVEL ?? 'warn' };
  const tinyNllb = path.join(repoRoot, 'apps/server/test/fixtures/tiny-nllb');
  if (fs.existsSync(tinyNllb)) env.SEMA_NLLB_MODEL = process.env.SEMA_NLLB_MODEL ?? tinyNllb;
  // Nothing may be fetched from a model hub during the tests: chat uses the tiny fixture or is off.
  const tinyChat = path.join(repoRoot, 'apps/server/test/fixtures/tiny-chat.gguf');
  if (!process.env.SEMA_CHAT_PROVIDER) {
    if (fs.existsSync(tinyChat)) {
      env.SEMA_CHAT_PROVIDER = 'local';
      env.SEMA_CHAT_LOCAL_MODEL = process.env.SEMA_CHAT_LOCAL_MODEL ?? tinyChat;
    } else env.SEMA_CHAT_PROVIDER = 'none';
  }
  return env;
}

function specFiles() {
  const dir = path.join(webRoot, 'e2e');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.spec.mjs'))
    .filter((name) => filters.length === 0 || filters.some((word) => name.includes(word)))
    .sort()
    .map((name) => path.join(dir, name));
}

const startServer = (env, name) => startSema({ env, ready: settled, output: 'inherit', name });

ensureBuilt();
// A second server whose translation model cannot load (a missing folder, an unreachable hub): what a
// person sees while the model is unavailable. Specs find it in SEMA_E2E_NO_MODEL_URL.
const noModelEnv = {
  ...serverEnv(),
  // A long folder name without a single break opportunity: pages that show it must wrap it anyway.
  SEMA_NLLB_MODEL: path.join(
    webRoot,
    'e2e/no_such_model_folder_named_without_spaces_or_hyphens_as_real_paths_can_be',
  ),
  SEMA_HUB_URL: 'http://127.0.0.1:9',
  SEMA_CHAT_PROVIDER: 'none',
  SEMA_LOG_LEVEL: 'fatal',
};
/** @type {import('@sema/testkit/sema').Sema[]} */
const servers = [];

let exitCode = 1;
try {
  const [server, noModelServer] = await Promise.all([
    startServer(serverEnv(), 'the e2e server'),
    screenshots ? undefined : startServer(noModelEnv, 'the e2e server without a model'),
  ]);
  servers.push(server, ...(noModelServer ? [noModelServer] : []));
  const status = await (await fetch(`${server.url}/api/v1/status`)).json();
  console.log(`# server ${server.url}: ${status.status}, translation ${status.engines.translation.state}`);
  /** @type {Record<string, string | undefined>} */
  const env = { ...process.env, SEMA_E2E_URL: server.url };
  if (noModelServer) env.SEMA_E2E_NO_MODEL_URL = noModelServer.url;
  if (screenshots) {
    const result = spawnSync(process.execPath, [path.join(webRoot, 'e2e/take-screenshots.mjs')], {
      env,
      stdio: 'inherit',
    });
    exitCode = result.status ?? 1;
  } else {
    const files = specFiles();
    if (files.length === 0) throw new Error(`no spec matches ${filters.join(', ')}`);
    // One spec file at a time: the machine is small, and each file starts its own browser.
    const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], {
      env,
      stdio: 'inherit',
    });
    exitCode = result.status ?? 1;
  }
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : error}`);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
process.exit(exitCode);
