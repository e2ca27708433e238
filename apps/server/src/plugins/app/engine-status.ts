import fp from 'fastify-plugin';
import type { EngineStatus } from '@sema/shared/api/schemas';

export type EngineName = 'translation' | 'detection' | 'chat';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each service registers how to ask for its state; /status reads them all. */
    engineStatus: Map<EngineName, () => EngineStatus>;
  }
}

export default fp(
  async (app) => {
    app.decorate('engineStatus', new Map<EngineName, () => EngineStatus>());
  },
  { name: 'engine-status' },
);
