// Placeholder until the translation engine lands: the service exists and says it is not ready.
import fp from 'fastify-plugin';
import type { EngineStatus } from '@sema/shared/api/schemas';
import { ApiError } from '../../lib/errors.ts';

export interface TranslationService {
  translate(request: { text: string; source: string; target: string }, signal?: AbortSignal): Promise<string>;
  status(): EngineStatus;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    translation: TranslationService;
  }
}

export default fp(
  async (app) => {
    const detail = 'No translation engine is built into this server yet';
    const service: TranslationService = {
      translate: async () => {
        throw new ApiError(503, 'MODEL_UNAVAILABLE', `Translation model is not available: ${detail}`);
      },
      status: () => ({ state: 'error', detail }),
      close: async () => {},
    };
    app.decorate('translation', service);
    app.engineStatus.set('translation', () => service.status());
  },
  { name: 'translation', dependencies: ['engine-status'] },
);
