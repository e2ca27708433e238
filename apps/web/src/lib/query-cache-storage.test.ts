import { describe, expect, it, vi } from 'vitest';

import {
  CACHE_PREFIX,
  CACHE_VERSION,
  createAppQueryCache,
  QueryCache,
  storageKey,
  type QueryDefinition,
} from './query-cache';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const MINUTE = 60_000;

/** A definition whose fetch answers `value` (or fails), counting its calls. */
function counted<T>(key: string[], value: T | Error, extra: Partial<QueryDefinition<T>> = {}) {
  const calls = { count: 0 };
  const definition: QueryDefinition<T> = {
    key,
    fetch: () => {
      calls.count += 1;
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    },
    ...extra,
  };
  return { definition, calls };
}

describe('QueryCache freshness and memory', () => {
  it('uses a five-minute default freshness; the app cache 30 minutes', async () => {
    const time = clock();
    const cache = new QueryCache({ now: time.now });
    const { definition, calls } = counted(['a'], 1);
    await cache.fetchQuery(definition);
    time.advance(5 * MINUTE);
    await cache.fetchQuery(definition);
    expect(calls.count).toBe(1);
    time.advance(1);
    await cache.fetchQuery(definition);
    expect(calls.count).toBe(2);
    expect(createAppQueryCache().defaultFreshMs).toBe(30 * MINUTE);
  });

  it('keeps at most maxMemoryEntries results in memory, dropping the oldest first', async () => {
    const cache = new QueryCache({ maxMemoryEntries: 200 });
    for (let index = 0; index < 205; index += 1) cache.setData([`k${index}`], index);
    expect(cache.memorySize).toBe(200);
    expect(await cache.fetchQuery(counted(['k5'], 'fetched').definition)).toBe(5);
    expect(await cache.fetchQuery(counted(['k204'], 'fetched').definition)).toBe(204);
    expect(await cache.fetchQuery(counted(['k4'], 'fetched').definition)).toBe('fetched');
    expect(cache.memorySize).toBe(200);
  });
});

describe('QueryCache storage', () => {
  it('stores a kept query under the sema_cache_ prefix with data, timestamp, ttl and version', async () => {
    const time = clock();
    const cache = new QueryCache({ now: time.now });
    const { definition } = counted(
      ['languages'],
      { total_count: 1 },
      { freshFor: 24 * 60 * MINUTE, storage: 'local' },
    );
    await cache.fetchQuery(definition);
    expect(JSON.parse(window.localStorage.getItem(`${CACHE_PREFIX}languages`)!)).toEqual({
      data: { total_count: 1 },
      timestamp: time.now(),
      ttl: 24 * 60 * MINUTE,
      version: '1.0.0',
    });
    await cache.fetchQuery(counted(['t', 'x'], 'x', { storage: 'session' }).definition);
    expect(window.sessionStorage.getItem(`${CACHE_PREFIX}t_x`)).toContain('"x"');
    // A new page reads it back without fetching.
    const again = counted(['languages'], 'fetched', { storage: 'local' });
    expect(await new QueryCache({ now: time.now }).fetchQuery(again.definition)).toEqual({ total_count: 1 });
    expect(again.calls.count).toBe(0);
  });

  it('discards an entry written by another cache version', async () => {
    window.localStorage.setItem(
      storageKey(['old']),
      JSON.stringify({ data: 1, timestamp: Date.now(), ttl: 60_000, version: '0.9.0' }),
    );
    expect(CACHE_VERSION).toBe('1.0.0');
    const { definition } = counted(['old'], 2, { storage: 'local' });
    expect(await new QueryCache({ keepExpired: [['old']] }).fetchQuery(definition)).toBe(2);
    expect(JSON.parse(window.localStorage.getItem(storageKey(['old']))!).version).toBe('1.0.0');
  });

  it('shows an expired kept entry when the refresh fails; drops other expired entries', async () => {
    const stale = (data: unknown) =>
      JSON.stringify({ data, timestamp: Date.now() - 2000, ttl: 1000, version: CACHE_VERSION });
    window.localStorage.setItem(storageKey(['languages']), stale('old list'));
    window.sessionStorage.setItem(storageKey(['translation', 'x']), stale('old translation'));
    const cache = new QueryCache({ keepExpired: [['languages']] });
    const languages = counted(['languages'], new Error('down'), { storage: 'local' });
    expect(await cache.fetchQuery(languages.definition)).toBe('old list');
    const translation = counted(['translation', 'x'], new Error('down'), { storage: 'session' });
    await expect(cache.fetchQuery(translation.definition)).rejects.toThrow('down');
    expect(window.sessionStorage.getItem(storageKey(['translation', 'x']))).toBeNull();
  });

  it('the sweep drops expired results everywhere but keeps the language list as a fallback', async () => {
    const time = clock();
    const cache = new QueryCache({ now: time.now, keepExpired: [['languages']] });
    await cache.fetchQuery(counted(['memory'], 1, { freshFor: 1000 }).definition);
    await cache.fetchQuery(
      counted(['translation', 'x'], 2, { freshFor: 1000, storage: 'session' }).definition,
    );
    await cache.fetchQuery(counted(['languages'], 3, { freshFor: 1000, storage: 'local' }).definition);
    await cache.fetchQuery(counted(['fresh'], 4, { freshFor: 60_000, storage: 'session' }).definition);
    window.localStorage.setItem('not_ours', 'kept');
    time.advance(2000);
    // Memory: memory, translation and languages go; storage: the translation goes.
    expect(cache.sweep()).toBe(4);
    expect(cache.memorySize).toBe(1);
    expect(window.sessionStorage.getItem(storageKey(['translation', 'x']))).toBeNull();
    expect(window.sessionStorage.getItem(storageKey(['fresh']))).not.toBeNull();
    expect(window.localStorage.getItem(storageKey(['languages']))).not.toBeNull();
    expect(window.localStorage.getItem('not_ours')).toBe('kept');
  });

  it('works without storage (private browsing): results stay in memory only', async () => {
    const cache = new QueryCache({ localStorage: null, sessionStorage: null });
    await cache.fetchQuery(counted(['a'], 1, { storage: 'local' }).definition);
    expect(window.localStorage.length).toBe(0);
    const again = counted(['a'], 2, { storage: 'local' });
    expect(await new QueryCache({ localStorage: null }).fetchQuery(again.definition)).toBe(2);
  });

  it('sweeps on a timer every five minutes until stopped', async () => {
    vi.useFakeTimers();
    try {
      const cache = new QueryCache();
      await cache.fetchQuery(counted(['a'], 1, { freshFor: 1000 }).definition);
      const stop = cache.startSweep();
      vi.advanceTimersByTime(5 * MINUTE - 1);
      expect(cache.memorySize).toBe(1);
      vi.advanceTimersByTime(1);
      expect(cache.memorySize).toBe(0);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
