import fp from 'fastify-plugin';
import { RedisGlossaryStore } from '../../glossaries/redis-store.ts';
import { GlossaryService } from '../../glossaries/service.ts';
import { SqliteGlossaryStore } from '../../glossaries/sqlite-store.ts';
import { redisRecordRisks } from '../../lib/redis-records.ts';
import { checkLayoutsAtStart } from '../../lib/store-schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    glossaries: GlossaryService;
  }
}

/**
 * Stored glossaries: in Redis when REDIS_URL is set (every process sees the same ones), else in a
 * SQLite file on this machine (SEMA_GLOSSARY_DB). With Redis, the log says at start if that Redis
 * would lose them (lib/redis-records.ts).
 */
export default fp(
  async (app) => {
    const log = app.log.child({ service: 'glossaries' });
    const store = app.redis.client
      ? new RedisGlossaryStore(app.redis.client)
      : new SqliteGlossaryStore(app.config.glossaries.file, (problem) =>
          problem ? log.error(problem) : log.info('the glossary store is writable again'),
        );
    if (store instanceof SqliteGlossaryStore) app.storeHealth.set('glossaries', () => store.file.problem());
    // Glossaries a newer Sema wrote into Redis stop the start (the SQLite file is checked as it opens).
    if (store instanceof RedisGlossaryStore) await checkLayoutsAtStart([store]);
    const service = new GlossaryService(store, log, {
      total: app.config.glossaries.maxTotal,
      perOwner: app.config.glossaries.maxPerOwner,
    });
    app.decorate('glossaries', service);
    app.addHook('onClose', () => service.close());
    const redis = app.redis.client;
    if (redis) {
      // Glossaries and key usage are records: say so at start if this Redis would lose them. Start-up
      // keeps the event loop busy past Redis's short command timeout, so a failed look is tried again.
      const check = (attemptsLeft: number) =>
        redisRecordRisks(redis).then(
          (risks) => risks.forEach((risk) => app.log.warn(risk)),
          () => {
            if (attemptsLeft > 0) setTimeout(() => void check(attemptsLeft - 1), 5_000).unref();
          },
        );
      app.addHook('onReady', async () => {
        if (redis.status === 'ready') void check(3);
        else redis.once('ready', () => void check(3));
      });
    }
  },
  { name: 'glossaries', dependencies: ['redis', 'store-health'] },
);
