#!/usr/bin/env node
// Makes a fresh clone runnable: installs dependencies when they are missing or older than the lock
// file, and builds the web app and the server (compiled to JavaScript) when their builds are missing
// or older than their sources. On an installed, built tree it does nothing and returns in well under
// a second. `--browser` also makes sure a Chromium exists for the end-to-end tests (Debian's package,
// installed with apt when we are root).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStep } from './lib/run-step.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wantBrowser = process.argv.includes('--browser');

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest modification time of any file below these paths (skipping node_modules and dist). */
function newest(paths) {
  let latest = 0;
  const stack = paths.map((p) => path.join(root, p));
  while (stack.length) {
    const current = stack.pop();
    let stat;
    try {
      stat = fs.statSync(current);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(current)) {
        if (entry !== 'node_modules' && entry !== 'dist' && !entry.startsWith('.'))
          stack.push(path.join(current, entry));
      }
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  }
  return latest;
}

/** Runs one step (its output on this terminal, a word every 30 s while it goes on), exiting if it fails. */
async function run(command, args, what, meanwhile) {
  const code = await runStep(command, args, {
    what,
    meanwhile,
    cwd: root,
    // onnxruntime-node's install script would fetch CUDA libraries (which fails offline, and a CPU
    // server never uses them); its environment variable skips that. (It used to be an .npmrc key,
    // which npm warns about on every command and will stop reading.)
    env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: process.env.ONNXRUNTIME_NODE_INSTALL ?? 'skip' },
  });
  if (code !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${code}).`);
    process.exit(code);
  }
}

const installed = path.join(root, 'node_modules/.package-lock.json');
if (mtime(installed) === 0 || mtime(path.join(root, 'package-lock.json')) > mtime(installed)) {
  await run(
    'npm',
    [mtime(installed) === 0 ? 'ci' : 'install', '--no-audit', '--no-fund'],
    'installing dependencies, a few minutes on a fresh clone',
    "npm runs the native modules' install scripts without a word; where no prebuilt better-sqlite3 can be fetched it is compiled from source, which takes up to 10 minutes on a small machine",
  );
}

/** Runs `npm run <script>` when `output` is missing or older than any of `sources`. */
async function buildWhenStale(output, sources, script, why) {
  const built = mtime(path.join(root, output));
  if (built === 0 || newest(sources) > built) await run('npm', ['run', script], why);
}

await buildWhenStale(
  'apps/web/dist/index.html',
  [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/shared/src',
    'package-lock.json',
  ],
  'build',
  'building the web app',
);
// The server runs compiled (scripts/build-server.mjs): built when missing or older than its sources.
await buildWhenStale(
  'apps/server/dist/server.js',
  ['apps/server/src', 'packages/shared/src', 'scripts/build-server.mjs', 'package-lock.json'],
  'build:server',
  'compiling the server',
);

if (wantBrowser) {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  if (!candidates.some((candidate) => candidate && fs.existsSync(candidate))) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    let hasApt = false;
    try {
      execFileSync('which', ['apt-get'], { stdio: 'ignore' });
      hasApt = true;
    } catch {
      /* not Debian */
    }
    if (isRoot && hasApt) {
      await run('apt-get', ['update', '-qq'], 'reading the package lists, for Chromium');
      await run(
        'apt-get',
        ['install', '-y', '-qq', 'chromium'],
        'installing Chromium for the end-to-end tests',
      );
    } else {
      console.warn(
        'No Chromium found: end-to-end tests will use Playwright’s own browser if it is installed.',
      );
    }
  }
}
