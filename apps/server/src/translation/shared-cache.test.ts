import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER, startRedis, type TestRedis } from '@sema/testkit/redis';
import { waitFor } from '@sema/testkit/wait-for';
import { RedisConnection } from '../lib/redis.ts';
import { createTranslationMetrics } from './metrics.ts';
import { SharedTranslationCache, sharedCacheKey } from './shared-cache.ts';

const warnings: string[] = [];
const log = { info: () => {}, warn: (_details: object, message: string) => void warnings.push(message) };
let redis: TestRedis;
const connections: RedisConnection[] = [];

async function connect(commandTimeoutMs?: number): Promise<RedisConnection> {
  const connection = new RedisConnection({
    url: redis.url,
    log,
    ...(commandTimeoutMs !== undefined && { commandTimeoutMs }),
  });
  connections.push(connection);
  await connection.settled(2_000);
  return connection;
}

/** A cache on its own connection and metrics, like one server process. */
async function processCache(ttlSeconds = 3600, commandTimeoutMs?: number) {
  const connection = await connect(commandTimeoutMs);
  const registry = new Registry();
  const metrics = createTranslationMetrics(registry);
  const cache = new SharedTranslationCache({ client: connection.client, ttlSeconds, log, metrics });
  /** Errors with these labels, summed over the others. */
  const errors = async (labels: { operation?: string; reason?: string }) => {
    const values = (await metrics.sharedCacheErrors.get()).values;
    return values
      .filter((v) => Object.entries(labels).every(([name, value]) => v.labels[name as 'reason'] === value))
      .reduce((sum, v) => sum + v.value, 0);
  };
  const count = async (name: 'sharedCacheHits' | 'sharedCacheMisses') =>
    (await metrics[name].get()).values[0]?.value ?? 0;
  return { connection, cache, errors, count };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe.skipIf(!REDIS_SERVER)('SharedTranslationCache on a real Redis', () => {
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(() => {
    warnings.length = 0;
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await redis.stop();
  });

  it('hands a translation stored by one process to another, under a short namespaced key with a TTL', async () => {
    const a = await processCache(3600);
    const b = await processCache();
    const key = `nllb:model:q8\u0000eng_Latn\u0000fra_Latn\u0000${'A long sentence. '.repeat(300)}`;
    a.cache.store(key, 'Une longue phrase.');
    a.cache.store('other', 'autre');
    await waitFor(
      async () => (await b.connection.client.exists(sharedCacheKey(key), sharedCacheKey('other'))) === 2,
      {
        what: 'both stores to reach Redis',
      },
    );

    const found = await b.cache.lookup([key, 'missing', 'other']);
    expect(found).toEqual(
      new Map([
        [key, 'Une longue phrase.'],
        ['other', 'autre'],
      ]),
    );
    expect(await b.count('sharedCacheHits')).toBe(2);
    expect(await b.count('sharedCacheMisses')).toBe(1);

    const redisKey = sharedCacheKey(key);
    expect(redisKey).toMatch(/^sema:translation:[\w-]{43}$/);
    const ttl = await b.connection.client.ttl(redisKey);
    expect(ttl).toBeGreaterThan(3590);
    expect(ttl).toBeLessThanOrEqual(3600);
  });

  it('keeps keys of different models apart', () => {
    const sentence = '\u0000eng_Latn\u0000fra_Latn\u0000Hello.';
    expect(sharedCacheKey(`nllb:a:q8${sentence}`)).not.toBe(sharedCacheKey(`nllb:b:q8${sentence}`));
  });

  it('reads a value that is not one of ours as a miss, counts it and warns', async () => {
    const { connection, cache, errors } = await processCache();
    await connection.client.set(sharedCacheKey('garbled'), 'not a translation');
    await connection.client.set(sharedCacheKey('fine'), 't1:bien');
    expect(await cache.lookup(['garbled', 'fine'])).toEqual(new Map([['fine', 'bien']]));
    expect(await errors({ operation: 'lookup', reason: 'garbage' })).toBe(1);
    expect(warnings.some((message) => message.includes('garbage'))).toBe(true);
  });

  it('gives up on a Redis that does not answer within the command timeout, as a miss', async () => {
    const { connection, cache, errors } = await processCache();
    const other = await connect();
    // CLIENT PAUSE holds every client's commands: a Redis that is up but does not answer.
    await other.client.call('CLIENT', 'PAUSE', '600', 'ALL');
    const started = performance.now();
    const found = await cache.lookup(['a', 'b']);
    const elapsed = performance.now() - started;
    expect(found.size).toBe(0);
    expect(elapsed).toBeLessThan(400);
    expect(await errors({ operation: 'lookup', reason: 'timeout' })).toBe(1);
    // Once the pause is over, the connection that timed out is still the one in use.
    await waitFor(async () => (await other.client.ping()) === 'PONG', { what: 'Redis to end its pause' });
    expect(connection.ready).toBe(true);
  });

  it('still takes a reply that arrived while the event loop was busy past the timeout', async () => {
    // The connection's own command deadline (250 ms) put far off: this is about the cache's 100 ms one.
    const { connection, cache, errors } = await processCache(3600, 10_000);
    await connection.client.set(sharedCacheKey('busy'), 't1:occupé');
    const lookup = cache.lookup(['busy']);
    // The request is on its way; block the loop well past the 100 ms deadline, as a loaded server
    // would, and long enough for Redis to have answered on a busy machine too.
    const until = performance.now() + 1_000;
    while (performance.now() < until);
    expect(await lookup).toEqual(new Map([['busy', 'occupé']]));
    expect(await errors({ operation: 'lookup' })).toBe(0);
  });

  it('misses at once while Redis is down, drops writes without throwing, and works again once it is back', async () => {
    const { connection, cache, errors, count } = await processCache();
    await redis.stop();
    await waitFor(() => connection.status().state === 'unavailable', {
      what: 'the connection to see Redis gone',
    });
    expect(connection.status()).toMatchObject({ state: 'unavailable' });

    const started = performance.now();
    expect((await cache.lookup(['x'])).size).toBe(0);
    // Without waiting for the 100 ms deadline (a loaded machine still answers well within it).
    expect(performance.now() - started).toBeLessThan(100);
    expect(await errors({ operation: 'lookup', reason: 'unavailable' })).toBe(1);
    cache.store('x', 'ex');
    await tick();
    expect(await errors({ operation: 'store', reason: 'unavailable' })).toBe(1);
    expect(await count('sharedCacheMisses')).toBe(1);

    await redis.start();
    await waitFor(() => connection.ready, { timeout: 5_000, what: 'the connection to be ready again' });
    expect(connection.status()).toEqual({ state: 'ready' });
    cache.store('x', 'ex');
    await waitFor(async () => (await connection.client.exists(sharedCacheKey('x'))) === 1, {
      what: 'the store to reach Redis',
    });
    expect(await cache.lookup(['x'])).toEqual(new Map([['x', 'ex']]));
  });
});
