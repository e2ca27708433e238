import fp from 'fastify-plugin';
import { createEngine, type EngineHooks } from '../../translation/engines/registry.ts';
import { createTranslationMetrics } from '../../translation/metrics.ts';
import { TranslationPipeline } from '../../translation/pipeline.ts';
import { SharedTranslationCache } from '../../translation/shared-cache.ts';
import { STAND_IN_STYLES, type StandInStyle } from '../../translation/stand-ins.ts';
import type { TranslationEngine } from '../../translation/engines/types.ts';

/** The stand-in form of the family whose model translates the pair (the pair model's, else the main one's). */
function standInStyleOf(engine: TranslationEngine) {
  // Asked for every text: the engine's status (every model's, with its quality) is read once per
  // model and pair, as soon as the model has said its family.
  const known = new Map<string, StandInStyle>();
  return (source: string, target: string): StandInStyle => {
    const key = `${engine.modelFor?.(source, target) ?? engine.modelId}\u0000${source}\u0000${target}`;
    const cached = known.get(key);
    if (cached) return cached;
    const status = engine.status();
    const model = status.models?.find((one) => one.pairs?.includes(`${source}-${target}`)) ?? status;
    const style = STAND_IN_STYLES[model.model_family ?? ''] ?? 'bracket';
    if (model.model_family) known.set(key, style);
    return style;
  };
}

/**
 * What the rest of the server may use of translation (routes, documents, chat): the pipeline's
 * work (each method documented there: `translate` takes a resolved source, detect first for auto)
 * and the engine underneath, for services that use it directly (the inference mode).
 */
export type TranslationService = Pick<
  TranslationPipeline,
  'translate' | 'translateAll' | 'alternatives' | 'status' | 'servedLanguages' | 'close' | 'engine'
>;

declare module 'fastify' {
  interface FastifyInstance {
    translation: TranslationService;
  }
}

/** Makes an engine for the app, handed the app's hooks (its log, its token counter). */
export type MakeTranslationEngine = (hooks: EngineHooks) => TranslationEngine;

/**
 * The translation service: the configured engine (loading in the background, so the server
 * answers at once) wrapped in the pipeline, with its metrics on /metrics and its state on /status.
 */
export default fp(
  async (app, options: { makeEngine?: MakeTranslationEngine }) => {
    const config = app.config.translation;
    const metrics = createTranslationMetrics(app.metrics);
    const hooks: EngineHooks = {
      log: app.log,
      onBatch: (stats) => metrics.generatedTokens.inc(stats.generatedTokens),
    };
    const engine = options.makeEngine?.(hooks) ?? createEngine(config, app.config.models, hooks);
    const service = new TranslationPipeline({
      engine,
      batchWindowMs: config.batchWindowMs,
      maxBatchSize: config.maxBatchSize,
      queueLimit: config.queueLimit,
      cacheSize: config.cacheSize,
      sharedCache:
        app.redis.client && config.cacheTtlSeconds > 0
          ? new SharedTranslationCache({
              client: app.redis.client,
              ttlSeconds: config.cacheTtlSeconds,
              log: app.log.child({ service: 'translation-cache' }),
              metrics,
            })
          : undefined,
      metrics,
      wholeSentences: config.wholeSentences === 'on',
      standInStyle: standInStyleOf(engine),
    });
    app.decorate('translation', service);
    app.engineStatus.set('translation', () => service.status());
    app.addHook('onClose', () => service.close());
  },
  { name: 'translation', dependencies: ['engine-status', 'metrics', 'redis'] },
);
