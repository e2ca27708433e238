import fp from 'fastify-plugin';
import { RedisGlossaryStore } from '../../glossaries/redis-store.ts';
import { GlossaryService } from '../../glossaries/service.ts';
import { SqliteGlossaryStore } from '../../glossaries/sqlite-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    glossaries: GlossaryService;
  }
}

/**
 * Stored glossaries: in Redis when REDIS_URL is set (every process sees the same ones), else in a
 * SQLite file on this machine (SEMA_GLOSSARY_DB).
 */
export default fp(
  async (app) => {
    const store = app.redis.client
      ? new RedisGlossaryStore(app.redis.client)
      : new SqliteGlossaryStore(app.config.glossaries.file);
    const service = new GlossaryService(store, app.log.child({ service: 'glossaries' }));
    app.decorate('glossaries', service);
    app.addHook('onClose', () => service.close());
  },
  { name: 'glossaries', dependencies: ['redis'] },
);
