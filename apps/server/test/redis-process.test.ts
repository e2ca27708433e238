import { freePort } from '@sema/testkit/free-port';
import { REDIS_SERVER } from '@sema/testkit/redis';
import { redisForSuite } from './redis-suite.ts';
import { killAllSema, type Sema } from '@sema/testkit/sema';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, statusOf } from './server-process.ts';

/** The real server process with REDIS_URL: refused when malformed, and never kept alive by Redis. */
const startServer = (env: Record<string, string>, ready?: false) =>
  startServerProcess({ SEMA_LOG_LEVEL: 'warn', ...env }, ready === false ? { ready } : {});

/** SIGTERM, then the exit code and how long the process took to go. */
async function terminate(server: Sema) {
  const started = performance.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { code, ms: performance.now() - started };
}

afterEach(killAllSema);

describe('the server process with REDIS_URL', () => {
  it('refuses a malformed REDIS_URL with exit 78 and a message naming it, without the password', async () => {
    const server = await startServer({ REDIS_URL: 'redis://:hunter2@cache.internal:6379/main' }, false);
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('Configuration error: REDIS_URL must look like redis://');
    expect(server.output()).not.toContain('hunter2');
  });

  describe.skipIf(!REDIS_SERVER)('with a real Redis', () => {
    const redis = redisForSuite();

    it('reports Redis ready on /status and exits promptly on SIGTERM', async () => {
      const server = await startServer({ REDIS_URL: redis.url });
      expect((await statusOf(server)).redis).toEqual({ state: 'ready' });
      const { code, ms } = await terminate(server);
      expect(code).toBe(0);
      // A connection holding the process open would hold it until the grace period (exit 1 at
      // 30 s); the bound leaves room for a loaded machine (3.07 s was seen on one).
      expect(ms).toBeLessThan(10_000);
    });

    it('starts, answers and exits promptly on SIGTERM while Redis is down', async () => {
      const deadPort = await freePort();
      const server = await startServer({ REDIS_URL: `redis://127.0.0.1:${deadPort}` });
      const status = await statusOf(server);
      expect(status.redis).toMatchObject({
        state: 'unavailable',
        detail: expect.stringMatching(/^connection refused/),
      });
      // Reconnect attempts go on in the background, logged now and then, not once per attempt.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { code, ms } = await terminate(server);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(10_000);
      expect(server.output().match(/Redis unavailable/g)).toHaveLength(1);
    });
  });
});
