import { afterAll, beforeAll } from 'vitest';
import { startRedis, type TestRedis } from '@sema/testkit/redis';

/**
 * A real `redis-server` for the tests of the calling `describe`: started before them (before the
 * suite's own `beforeAll`s that come after this call), stopped after them (after its `afterAll`s).
 * Read `url` and `port` inside hooks and tests, not while the suite is being declared.
 */
export function redisForSuite(): TestRedis {
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());
  const started = (): TestRedis => {
    if (!redis) throw new Error('Redis is started before the suite runs: read it inside a hook or a test');
    return redis;
  };
  return {
    get url() {
      return started().url;
    },
    get port() {
      return started().port;
    },
    stop: () => started().stop(),
    start: () => started().start(),
  };
}
