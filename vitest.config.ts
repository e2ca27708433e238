import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * What `npm run test:fast` (SEMA_TESTS=fast) leaves out, for `npm test` (CI's) to run: the engine's
 * own tests (every model family, decoders, parity, the pooled engines), and tests that start whole
 * processes (Sema servers, redis-server, the models CLI, proxies, Docker files) or judge accuracy.
 * Each took 10–50 s of a unit run; the routes, APIs and compatibility surfaces stay in the fast run.
 * They are also the server's tests that run each file in a process of its own (`server-isolated`).
 */
const SLOW_SERVER_TESTS = [
  'src/translation/engines/**/*.test.ts',
  'src/detection/accuracy.test.ts',
  'src/translation/shared-cache.test.ts',
  'test/model-families.test.ts',
  'test/model-routing.test.ts',
  'test/quality-routing.test.ts',
  'test/languages-while-loading.test.ts',
  'test/server-process.test.ts',
  'test/redis-process.test.ts',
  'test/redis-shared-state.test.ts',
  'test/moving-to-redis.test.ts',
  'test/sessions-across-nodes.test.ts',
  'test/data-survives.test.ts',
  'test/restore-by-another-user.test.ts',
  'test/quick-start.test.ts',
  'test/deploy-files.test.ts',
  'test/download-proxy.test.ts',
  'test/proxies.test.ts',
  'test/bench-models.test.ts',
  'test/fuzz/**/*.test.ts',
  'scripts/models.test.ts',
  'scripts/make-synthetic-nllb.test.ts',
  'scripts/make-tiny-families.test.ts',
];
const fast = process.env.SEMA_TESTS === 'fast';

/** What both server projects share. */
const SERVER = {
  root: 'apps/server',
  include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
  environment: 'node' as const,
  setupFiles: [fileURLToPath(new URL('./apps/server/test/end-shared-engine.ts', import.meta.url))],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// One `vitest run` at the root runs every workspace's unit and integration tests.
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; most test time waits on sockets and model
    // processes, so two files at a time roughly halve the run there.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...SERVER,
          name: 'server',
          exclude: [...configDefaults.exclude, ...SLOW_SERVER_TESTS],
          // The app's modules are imported once per worker, not once per file (re-importing them cost
          // 2–4 minutes of a fast run), and the tiny model's engine is shared by the worker's files.
          // These files leave nothing behind between files: no module state they change, no
          // environment variables, no fake timers; vitest restores spies after each file.
          isolate: false,
          provide: { sharedEngineLifetime: 'worker' as const },
        },
      },
      ...(fast
        ? []
        : [
            {
              test: {
                ...SERVER,
                // The engine's own tests and those that start whole processes: each file in a
                // fresh process, as they build engines and processes of their own.
                name: 'server-isolated',
                include: SLOW_SERVER_TESTS,
              },
            },
          ]),
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'testkit',
          root: 'packages/testkit',
          include: ['src/**/*.test.ts'],
          // sema.test.ts starts real server processes.
          exclude: [...configDefaults.exclude, ...(fast ? ['src/sema.test.ts'] : [])],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
