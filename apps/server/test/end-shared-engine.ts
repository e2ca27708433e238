/**
 * Setup file of the projects whose tests build test apps: closes the shared engine
 * (shared-engine.ts) and stops its model process when the engine's life ends. In an isolated
 * project (a process per test file) that is after the file's tests. In a project that runs its
 * files one after another in the same worker (`isolate: false`, which provides
 * `sharedEngineLifetime: 'worker'`), the next file borrows the same engine, and it is closed when
 * vitest stops the worker (SIGTERM): one model process per worker instead of one per file.
 *
 * Reads the engine from the global object, so that a file that never built an app imports nothing
 * of the engine. A worker that died without closing it cannot leave the model process behind:
 * that process exits when its channel to the worker closes (model-process-bootstrap.mjs).
 */
import { afterAll, inject } from 'vitest';

const SHARED_ENGINE = Symbol.for('sema.test.shared-engine');
const CLOSES_ON_SIGTERM = Symbol.for('sema.test.shared-engine.closes-on-sigterm');
const slot = globalThis as {
  [SHARED_ENGINE]?: { engine: { close(): Promise<void> } };
  [CLOSES_ON_SIGTERM]?: true;
};

async function closeSharedEngine(): Promise<void> {
  const shared = slot[SHARED_ENGINE];
  slot[SHARED_ENGINE] = undefined;
  await shared?.engine.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** How long a test app's shared engine lives: the test file's run (default) or the worker's. */
    sharedEngineLifetime?: 'file' | 'worker';
  }
}

if (inject('sharedEngineLifetime') === 'worker') {
  // Setup files run again before every file of a shared worker: one handler per worker.
  if (!slot[CLOSES_ON_SIGTERM]) {
    slot[CLOSES_ON_SIGTERM] = true;
    // Vitest ends a worker with SIGTERM (and SIGKILL 0.5 s later): a handler replaces Node's exit
    // on SIGTERM, so it exits itself once the engine is closed.
    process.once('SIGTERM', () => {
      void closeSharedEngine().finally(() => process.exit(0));
    });
  }
} else {
  afterAll(closeSharedEngine);
}
