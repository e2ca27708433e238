/**
 * One built-in engine on the tiny model for every test app of a worker (the test files it runs one
 * after another, or the one file of an isolated project) that only needs "a translator that works":
 * one model process instead of one per app. The engine is real (the same model, process and decoder
 * as production); an app borrows it and gives it back when it closes, and end-shared-engine.ts (a
 * setup file) closes it when the worker stops, or after the file's tests in an isolated project.
 *
 * Tests of the engine itself (its loading state, failures, other models) build their own: see
 * `ownEngine` in build-test-app.ts, and any env that sets up another engine gets its own anyway.
 */
import type { Config } from '../src/config/schema.ts';
import { createEngine, type EngineHooks } from '../src/translation/engines/registry.ts';
import type { TranslationEngine } from '../src/translation/engines/types.ts';

type BatchListener = NonNullable<EngineHooks['onBatch']>;

interface Shared {
  engine: TranslationEngine;
  listeners: Set<BatchListener>;
}

/** Where the file's engine is kept: on the global object, so that the setup file can close it without importing the engine. */
const SHARED_ENGINE = Symbol.for('sema.test.shared-engine');
const slot = globalThis as { [SHARED_ENGINE]?: Shared };

const quiet: EngineHooks['log'] = { info() {}, warn() {}, error() {} };

/**
 * Lends `hooks`' app the file's shared engine, made from `config` the first time. Every app holding
 * it counts the model's batches (its generated tokens on /metrics); closing an app gives it back.
 */
export function borrowSharedEngine(config: Config, hooks: EngineHooks): TranslationEngine {
  slot[SHARED_ENGINE] ??= startShared(config);
  const { engine, listeners } = slot[SHARED_ENGINE];
  const onBatch = hooks.onBatch;
  if (onBatch) listeners.add(onBatch);
  return new Proxy(engine, {
    get(target, key) {
      if (key === 'close')
        return async () => {
          if (onBatch) listeners.delete(onBatch);
        };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function startShared(config: Config): Shared {
  const listeners = new Set<BatchListener>();
  const engine = createEngine(config.translation, config.models, {
    log: quiet,
    onBatch: (stats) => listeners.forEach((listener) => listener(stats)),
  });
  return { engine, listeners };
}
