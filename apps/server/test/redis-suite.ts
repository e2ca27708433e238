import { afterAll, beforeAll } from 'vitest';
import { startRedis, type TestRedis } from '@sema/testkit/redis';
import type { App } from '../src/app.ts';
import { buildTestApp } from './build-test-app.ts';

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

/**
 * Two apps on the suite's Redis (database `db`, apart from the other suites'), as two processes of
 * one deployment: built before the suite's tests, closed after them.
 */
export function appsOnRedis(redis: TestRedis, db: number, env: Record<string, string> = {}): App[] {
  const apps: App[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++)
      apps.push(await buildTestApp({ ...env, REDIS_URL: `redis://127.0.0.1:${redis.port}/${db}` }));
  }, 60_000);
  afterAll(() => Promise.all(apps.map((app) => app.close())));
  return apps;
}
