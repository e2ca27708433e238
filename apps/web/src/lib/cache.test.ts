import { describe, expect, it } from 'vitest';

import { Cache, CACHE_KINDS, CACHE_PREFIX, CACHE_VERSION, cacheKeys } from './cache';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const MINUTE = 60_000;

describe('Cache', () => {
  it('returns stored data until its time to live is over, then misses and drops it', () => {
    const time = clock();
    const cache = new Cache({ now: time.now });
    cache.set('a', { value: 1 }, { ttlMs: 1000 });
    expect(cache.get('a')).toEqual({ value: 1 });
    time.advance(1000);
    expect(cache.get('a')).toEqual({ value: 1 });
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.memorySize).toBe(0);
  });

  it('uses a five-minute default time to live', () => {
    const time = clock();
    const cache = new Cache({ now: time.now });
    cache.set('a', 1);
    time.advance(5 * MINUTE);
    expect(cache.get('a')).toBe(1);
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most maxMemoryItems in memory, evicting the oldest first', () => {
    const cache = new Cache({ maxMemoryItems: 200 });
    for (let index = 0; index < 205; index += 1) cache.set(`k${index}`, index);
    expect(cache.memorySize).toBe(200);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k4')).toBeUndefined();
    expect(cache.get('k5')).toBe(5);
    expect(cache.get('k204')).toBe(204);
  });

  it('stores persistent kinds under the sema_cache_ prefix with data, timestamp, ttl and version', () => {
    const time = clock();
    const cache = new Cache({
      now: time.now,
      localStorage: window.localStorage,
      sessionStorage: window.sessionStorage,
    });
    cache.set('languages', { total_count: 1 }, { ttlMs: CACHE_KINDS.languages.ttlMs, storage: 'local' });
    const raw = JSON.parse(window.localStorage.getItem(`${CACHE_PREFIX}languages`)!);
    expect(raw).toEqual({
      data: { total_count: 1 },
      timestamp: time.now(),
      ttl: 24 * 60 * MINUTE,
      version: '1.0.0',
    });
    expect(cache.get('languages', 'local')).toEqual({ total_count: 1 });
    cache.set('t', 'x', { storage: 'session' });
    expect(window.sessionStorage.getItem(`${CACHE_PREFIX}t`)).toContain('"x"');
  });

  it('discards an entry written by another cache version', () => {
    window.localStorage.setItem(
      `${CACHE_PREFIX}old`,
      JSON.stringify({ data: 1, timestamp: Date.now(), ttl: 60_000, version: '0.9.0' }),
    );
    const cache = new Cache({ localStorage: window.localStorage });
    expect(CACHE_VERSION).toBe('1.0.0');
    expect(cache.get('old', 'local')).toBeUndefined();
    expect(cache.getStale('old', 'local')).toBeUndefined();
    expect(window.localStorage.getItem(`${CACHE_PREFIX}old`)).toBeNull();
  });

  it('cleanup sweeps expired entries everywhere but keeps the language list as a fallback', () => {
    const time = clock();
    const cache = new Cache({
      now: time.now,
      localStorage: window.localStorage,
      sessionStorage: window.sessionStorage,
      keepExpired: ['languages'],
    });
    cache.set('memory', 1, { ttlMs: 1000 });
    cache.set('translation_x', 2, { ttlMs: 1000, storage: 'session' });
    cache.set('languages', 3, { ttlMs: 1000, storage: 'local' });
    cache.set('fresh', 4, { ttlMs: 60_000, storage: 'session' });
    window.localStorage.setItem('not_ours', 'kept');
    time.advance(2000);
    expect(cache.cleanup()).toBe(2);
    expect(cache.memorySize).toBe(0);
    expect(window.sessionStorage.getItem(`${CACHE_PREFIX}translation_x`)).toBeNull();
    expect(cache.get('fresh', 'session')).toBe(4);
    expect(cache.get('languages', 'local')).toBeUndefined();
    expect(cache.getStale('languages', 'local')).toBe(3);
    expect(window.localStorage.getItem('not_ours')).toBe('kept');
  });

  it('works without storage (private browsing), as a miss', () => {
    const cache = new Cache({ localStorage: null, sessionStorage: null });
    cache.set('a', 1, { storage: 'local' });
    expect(cache.get('a', 'local')).toBeUndefined();
  });

  it('sweeps on a timer every five minutes until stopped', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers();
    try {
      const cache = new Cache({ now: () => Date.now() });
      cache.set('a', 1, { ttlMs: 1000 });
      const stop = cache.startCleanup();
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

describe('cache kinds and keys', () => {
  it('match the spec: languages 24 h local, translations 1 h session, detection 30 min session, status 5 min memory', () => {
    expect(CACHE_KINDS).toEqual({
      languages: { ttlMs: 24 * 60 * MINUTE, storage: 'local' },
      translation: { ttlMs: 60 * MINUTE, storage: 'session' },
      detection: { ttlMs: 30 * MINUTE, storage: 'session' },
      status: { ttlMs: 5 * MINUTE, storage: 'memory' },
    });
  });

  it('hash the text and include both languages, source defaulting to auto', () => {
    const long = 'word '.repeat(2000);
    const key = cacheKeys.translation(long, 'fra_Latn');
    expect(key.length).toBeLessThan(60);
    expect(key).toMatch(/_auto_fra_Latn$/);
    expect(cacheKeys.translation(long, 'fra_Latn', 'eng_Latn')).toMatch(/_eng_Latn_fra_Latn$/);
    expect(cacheKeys.translation('a', 'fra_Latn')).not.toBe(cacheKeys.translation('b', 'fra_Latn'));
    expect(cacheKeys.detection('hello')).toBe(cacheKeys.detection('hello'));
    expect(cacheKeys.detection('hello')).not.toBe(cacheKeys.detection('hello!'));
  });
});
