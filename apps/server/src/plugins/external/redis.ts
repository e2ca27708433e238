import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { RedisConnection, type RedisStatus } from '../../lib/redis.ts';

/** Redis as the rest of the server sees it: the client, if REDIS_URL is set, and its state for /status. */
export interface SharedRedis {
  /** Null without REDIS_URL: everything stays in the process. */
  client: Redis | null;
  status(): RedisStatus;
}

declare module 'fastify' {
  interface FastifyInstance {
    redis: SharedRedis;
  }
}

/** How long start-up waits for the first answer, so the first requests already share state. */
const FIRST_CONNECT_WAIT_MS = 2_000;

/**
 * The process's one Redis connection (REDIS_URL), where server processes share the translation cache
 * and the rate-limit counters. It never stops the server from starting or answering: while Redis is
 * away, each process keeps its own cache and the rate limit lets requests through.
 */
export default fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', {
        client: null,
        status: () => ({
          state: 'off',
          detail: 'REDIS_URL is not set: the translation cache and rate-limit counters are per process',
        }),
      } satisfies SharedRedis);
      return;
    }
    const connection = new RedisConnection({
      url,
      log: app.log.child({ service: 'redis' }),
      commandTimeoutMs: app.config.redisCommandTimeoutMs,
    });
    const meanwhile = app.config.rateLimit
      ? 'meanwhile translations are cached and the rate limit counted per process'
      : 'meanwhile translations are cached per process';
    app.decorate('redis', {
      client: connection.client,
      status: () => {
        const status = connection.status();
        return status.state === 'unavailable'
          ? { state: status.state, detail: `${status.detail}; retrying, ${meanwhile}` }
          : status;
      },
    } satisfies SharedRedis);
    await connection.settled(FIRST_CONNECT_WAIT_MS);
    app.addHook('onClose', () => connection.close());
  },
  { name: 'redis' },
);
