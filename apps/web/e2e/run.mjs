#!/usr/bin/env node
// End-to-end runner (`npm run test:e2e -w @sema/web`): builds the web app when its build is missing
// or stale, starts the REAL server on a free port (with the tiny NLLB fixture when it exists), runs
// every e2e/*.spec.mjs with node's test runner against it in Chromium, and stops the server.
//   node e2e/run.mjs                 all specs
//   node e2e/run.mjs picker auth     only specs whose file name contains one of these words
//   node e2e/run.mjs --screenshots   write docs/screenshots/*.png instead of testing
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/lib/free-port.mjs';

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

async function waitForServer(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early (code ${child.exitCode})`);
    try {
      const response = await fetch(`${url}/api/v1/status`);
      // Wait for the translation model to settle, so specs see a stable ready (or failed) engine.
      if (response.ok) {
        const status = await response.json();
        if (status.engines.translation.state !== 'loading') return status;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}

function serverEnv(port) {
  /** @type {Record<string, string | undefined>} */
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEMA_LOG_LEVEL: process.env.SEMA_LOG_LEVEL ?? 'warn',
  };
  const tinyNllb = path.join(repoRoot, 'apps/server/test/fixtures/tiny-nllb');
  if (fs.existsSync(tinyNllb)) env.SEMA_NLLB_MODEL ??= tinyNllb;
  // Nothing may be fetched from a model hub during the tests: chat uses the tiny fixture or is off.
  const tinyChat = path.join(repoRoot, 'apps/server/test/fixtures/tiny-chat.gguf');
  if (!env.SEMA_CHAT_PROVIDER) {
    if (fs.existsSync(tinyChat)) {
      env.SEMA_CHAT_PROVIDER = 'local';
      env.SEMA_CHAT_LOCAL_MODEL ??= tinyChat;
    } else env.SEMA_CHAT_PROVIDER = 'none';
  }
  return env;
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const stopped = await Promise.race([
    new Promise((resolve) => child.once('exit', () => resolve(true))),
    new Promise((resolve) => setTimeout(() => resolve(false), 10_000)),
  ]);
  if (!stopped) child.kill('SIGKILL');
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

function startServer(port, env) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

ensureBuilt();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = startServer(port, serverEnv(port));
// A second server whose translation model cannot load (a missing folder, an unreachable hub): what a
// person sees while the model is unavailable. Specs find it in SEMA_E2E_NO_MODEL_URL.
const noModelPort = await freePort();
const noModelUrl = `http://127.0.0.1:${noModelPort}`;
const noModelServer = screenshots
  ? null
  : startServer(noModelPort, {
      ...serverEnv(noModelPort),
      // A long folder name without a single break opportunity: pages that show it must wrap it anyway.
      SEMA_NLLB_MODEL: path.join(
        webRoot,
        'e2e/no_such_model_folder_named_without_spaces_or_hyphens_as_real_paths_can_be',
      ),
      SEMA_HUB_URL: 'http://127.0.0.1:9',
      SEMA_CHAT_PROVIDER: 'none',
      SEMA_LOG_LEVEL: 'fatal',
    });

let exitCode = 1;
try {
  const status = await waitForServer(baseUrl, server);
  console.log(`# server ${baseUrl}: ${status.status}, translation ${status.engines.translation.state}`);
  /** @type {Record<string, string | undefined>} */
  const env = { ...process.env, SEMA_E2E_URL: baseUrl };
  if (noModelServer) {
    await waitForServer(noModelUrl, noModelServer);
    env.SEMA_E2E_NO_MODEL_URL = noModelUrl;
  }
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
  await Promise.all([server, noModelServer].filter(Boolean).map(stop));
}
process.exit(exitCode);
