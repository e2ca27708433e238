import fp from 'fastify-plugin';
import type { EngineStatus } from '@sema/shared/api/schemas';
import { createEngine } from '../../translation/engines/registry.ts';
import type { TranslationEngine } from '../../translation/engines/types.ts';
import { createTranslationMetrics } from '../../translation/metrics.ts';
import { TranslationPipeline, type TranslateParams } from '../../translation/pipeline.ts';
import { SharedTranslationCache } from '../../translation/shared-cache.ts';

/** What the rest of the server may use of translation (routes, documents, chat). */
export interface TranslationService {
  /** Translates a whole text; `source` is a resolved catalogue code (detect first for auto). */
  translate(request: TranslateParams, signal?: AbortSignal): Promise<string>;
  /** Translates several texts as one piece of work (one cache lookup, one abort listener). */
  translateAll(requests: readonly TranslateParams[], signal?: AbortSignal): Promise<string[]>;
  /** Up to `count` other translations, besides the one given (empty when the engine has none). */
  alternatives(
    request: TranslateParams,
    count: number,
    besides: string,
    signal?: AbortSignal,
  ): Promise<string[]>;
  status(): EngineStatus;
  /** The engine underneath, for services that use it directly (the inference mode). */
  readonly engine: TranslationEngine;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    translation: TranslationService;
  }
}

/**
 * The translation service: the configured engine (loading in the background, so the server
 * answers at once) wrapped in the pipeline, with its metrics on /metrics and its state on /status.
 */
export default fp(
  async (app) => {
    const config = app.config.translation;
    const metrics = createTranslationMetrics(app.metrics);
    const engine = createEngine(config, app.config.models, {
      log: app.log,
      onBatch: (stats) => metrics.generatedTokens.inc(stats.generatedTokens),
    });
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
    });
    app.decorate('translation', service);
    app.engineStatus.set('translation', () => service.status());
    app.addHook('onClose', () => service.close());
  },
  { name: 'translation', dependencies: ['engine-status', 'metrics', 'redis'] },
);
