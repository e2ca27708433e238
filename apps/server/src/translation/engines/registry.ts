/** Picks the engine `SEMA_TRANSLATION_ENGINE` names. Routes and the pipeline never import an engine. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/schema.ts';
import { Seq2SeqEngine } from './seq2seq.ts';
import type { TranslateStats } from './seq2seq/seq2seq-model.ts';
import { KserveEngine } from './kserve.ts';
import { limitLanguages } from './language-limit.ts';
import { RemoteEngine } from './remote.ts';
import { RoutedEngine } from './routed-engine.ts';
import type { TranslationEngine } from './types.ts';

export interface EngineHooks {
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  onBatch?: (stats: TranslateStats) => void;
}

/** Creates and starts the configured engine; loading carries on in the background. */
export function createEngine(
  config: Config['translation'],
  models: Config['models'],
  hooks: EngineHooks,
): TranslationEngine {
  return limitLanguages(configuredEngine(config, models, hooks), config.languages);
}

function configuredEngine(
  config: Config['translation'],
  models: Config['models'],
  hooks: EngineHooks,
): TranslationEngine {
  switch (config.engine) {
    case 'remote':
      return new RemoteEngine({ urls: config.remoteUrls, timeoutMs: config.remoteTimeoutMs }).start();
    case 'kserve':
      return new KserveEngine({
        urls: config.kserveUrls,
        model: config.kserveModel,
        tokenizer: config.kserveTokenizer,
        modelCache: models.cache,
        hubUrl: models.hubUrl,
        timeoutMs: config.kserveTimeoutMs,
      }).start();
    case 'builtin':
      return builtInEngine(config, models, hooks);
  }
}

type BuiltInConfig = Extract<Config['translation'], { engine: 'builtin' }>;

/**
 * The main model, and beside it the pair models when any are configured (each in its own model
 * process, one per distinct model); without pair models, the main model's engine alone.
 */
function builtInEngine(
  config: BuiltInConfig,
  models: Config['models'],
  hooks: EngineHooks,
): TranslationEngine {
  const modelEngine = (model: string, setting?: string) =>
    new Seq2SeqEngine({
      model,
      ...(setting && { setting }),
      modelCache: models.cache,
      dtype: config.dtype,
      beams: config.beams,
      hubUrl: models.hubUrl,
      loadRetryDelayMs: models.retrySeconds * 1000,
      log: hooks.log,
      onBatch: hooks.onBatch,
    }).start();
  const main = modelEngine(config.model);
  // A pair model outside SEMA_LANGUAGES would never be asked: it is not loaded.
  const allowed = new Set(config.languages);
  const pairModels = config.pairModels.filter(
    ({ source, target }) => allowed.size === 0 || (allowed.has(source) && allowed.has(target)),
  );
  const engines = new Map<string, Seq2SeqEngine>();
  const pairs = pairModels.map(({ source, target, model }) => {
    const engine = engines.get(model) ?? modelEngine(model, 'SEMA_PAIR_MODELS');
    engines.set(model, engine);
    return { source, target, engine };
  });
  // Routed even with the main model alone: the licence setting and the quality /status tells live there.
  const routed = new RoutedEngine({ main, pairs, pivot: config.pivot === 'on', licences: config.licences });
  warnAtStart(routed, hooks.log);
  return routed;
}

/** Once every model has loaded: the pairs a commercial server serves far below what it could. */
function warnAtStart(engine: RoutedEngine, log: EngineHooks['log']): void {
  engine
    .whenReady()
    .then(() => {
      const status = engine.status();
      for (const model of status.models ?? []) {
        if (model.allowed === false) {
          log.warn(
            `SEMA_MODEL_LICENCES=commercial: ${model.model} (${model.model_license}) translates nothing on this server`,
          );
        }
      }
      for (const warning of status.quality_warnings ?? [])
        log.warn(`Quality under SEMA_MODEL_LICENCES=commercial: ${warning}`);
    })
    // A model that failed to load says so itself.
    .catch(() => {});
}
