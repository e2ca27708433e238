import fp from 'fastify-plugin';
import { InferenceService } from '../../inference/inference-service.ts';
import { canGenerate } from '../../translation/engines/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The inference mode (`SEMA_INFERENCE_API=on` or `with-api`): the model over the Open Inference Protocol. */
    inference: InferenceService | undefined;
  }
}

/**
 * Inference mode: the built-in engine's model, served token ids in and out to other servers
 * (API nodes running the kserve engine). Off unless asked for, and only with the nllb engine.
 */
export default fp(
  async (app) => {
    const config = app.config.translation;
    const engine = app.translation.engine;
    if (config.engine !== 'builtin' || config.inferenceApi === 'off' || !canGenerate(engine)) {
      app.decorate('inference', undefined);
      return;
    }
    const service = new InferenceService({
      generator: engine,
      modelName: config.inferenceModelName,
      batchWindowMs: config.batchWindowMs,
      maxBatchSize: config.maxBatchSize,
      queueLimit: config.queueLimit,
    });
    app.decorate('inference', service);
    app.addHook('onClose', async () => service.close());
  },
  { name: 'inference', dependencies: ['translation'] },
);
