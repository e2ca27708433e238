/**
 * Setup file of the projects whose tests build test apps: after each test file's tests, the file's
 * shared engine (shared-engine.ts) is closed and its model process stopped. Reads the engine from the
 * global object, so that a file that never built an app imports nothing of the engine.
 */
import { afterAll } from 'vitest';

const SHARED_ENGINE = Symbol.for('sema.test.shared-engine');

afterAll(async () => {
  const slot = globalThis as { [SHARED_ENGINE]?: { engine: { close(): Promise<void> } } };
  const shared = slot[SHARED_ENGINE];
  slot[SHARED_ENGINE] = undefined;
  await shared?.engine.close();
});
