import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { QueryCache, QueryCacheProvider, useCachedQuery, useQueryCache, type QueryKey } from './query-cache';

function Reader({ fetch, label }: { fetch: () => Promise<string>; label: string }) {
  const { data, isPending, isError, error } = useCachedQuery({ key: ['thing'], fetch, retry: 0 });
  return <p>{`${label}: ${isPending ? 'pending' : isError ? `error ${error?.message}` : data}`}</p>;
}

describe('useCachedQuery', () => {
  it('shares one fetch between the components that read a query', async () => {
    const fetch = vi.fn(() => Promise.resolve('value'));
    render(
      <QueryCacheProvider cache={new QueryCache()}>
        <Reader fetch={fetch} label="a" />
        <Reader fetch={fetch} label="b" />
      </QueryCacheProvider>,
    );
    expect(screen.getByText('a: pending')).toBeInTheDocument();
    expect(await screen.findByText('a: value')).toBeInTheDocument();
    expect(screen.getByText('b: value')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a failure as often as asked, then reports it', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(() => Promise.reject(new Error('down')));
      function Probe() {
        const { isError, error } = useCachedQuery({ key: ['x'], fetch });
        return <p>{isError ? error?.message : 'waiting'}</p>;
      }
      render(
        <QueryCacheProvider cache={new QueryCache({ retry: 1 })}>
          <Probe />
        </QueryCacheProvider>,
      );
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(screen.getByText('down')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches an invalidated query on screen again', async () => {
    let count = 0;
    const fetch = () => Promise.resolve(`v${++count}`);
    function Probe() {
      const cache = useQueryCache();
      const { data } = useCachedQuery({ key: ['items', 1], fetch, freshFor: Infinity });
      return (
        <button type="button" onClick={() => void cache.invalidate(['items'])}>
          {data ?? 'none'}
        </button>
      );
    }
    render(
      <QueryCacheProvider cache={new QueryCache()}>
        <Probe />
      </QueryCacheProvider>,
    );
    const button = await screen.findByRole('button', { name: 'v1' });
    act(() => button.click());
    expect(await screen.findByRole('button', { name: 'v2' })).toBeInTheDocument();
  });

  it('keeps data set beforehand without fetching while fresh', () => {
    const cache = new QueryCache({ defaultFreshMs: Infinity });
    cache.setData(['thing'], 'preset');
    const fetch = vi.fn(() => Promise.resolve('fetched'));
    render(
      <QueryCacheProvider cache={cache}>
        <Reader fetch={fetch} label="r" />
      </QueryCacheProvider>,
    );
    expect(screen.getByText('r: preset')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('QueryCache.invalidate', () => {
  it("matches whole key segments: ['lang'] does not invalidate ['languages']", async () => {
    const cache = new QueryCache({ defaultFreshMs: Infinity });
    const keys: QueryKey[] = [['languages'], ['lang'], ['lang', 'fra_Latn'], ['language', 1]];
    for (const key of keys) cache.setData(key, 'cached');
    const fetches: string[] = [];
    const reread = (key: QueryKey) =>
      cache.fetchQuery({
        key,
        fetch: () => {
          fetches.push(key.join('/'));
          return Promise.resolve('fetched');
        },
      });
    await cache.invalidate(['lang']);
    for (const key of keys) await reread(key);
    expect(fetches).toEqual(['lang', 'lang/fra_Latn']);
  });

  it('is not answered by a fetch that began before it: that result is dropped and one more fetch follows', async () => {
    // A list is being read when the person deletes an item: what that read saw predates the delete.
    let items = ['a', 'b'];
    const answers: (() => void)[] = [];
    const fetch = vi.fn(() => {
      const seen = [...items];
      return new Promise<string[]>((resolve) => answers.push(() => resolve(seen)));
    });
    const cache = new QueryCache({ defaultFreshMs: Infinity });
    function Probe() {
      const { data } = useCachedQuery({ key: ['items'], fetch });
      return <p>{data ? data.join(',') || 'empty' : 'pending'}</p>;
    }
    render(
      <QueryCacheProvider cache={cache}>
        <Probe />
      </QueryCacheProvider>,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    items = [];
    const invalidated = cache.invalidate(['items']);
    await act(async () => answers[0]?.());
    expect(screen.getByText('pending')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
    await act(async () => {
      answers[1]?.();
      await invalidated;
    });
    expect(screen.getByText('empty')).toBeInTheDocument();
  });
});

describe('QueryCache.fetchQuery', () => {
  it('answers a fresh result at once and fetches once it is not fresh', async () => {
    let now = 1_000_000;
    const cache = new QueryCache({ now: () => now });
    const fetch = vi.fn(() => Promise.resolve(now));
    const definition = { key: ['clock'], fetch, freshFor: 1000 };
    expect(await cache.fetchQuery(definition)).toBe(1_000_000);
    now += 1000;
    expect(await cache.fetchQuery(definition)).toBe(1_000_000);
    now += 1;
    expect(await cache.fetchQuery(definition)).toBe(1_001_001);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("passes the caller's signal and keeps nothing from a failed fetch", async () => {
    const cache = new QueryCache();
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const failing = {
      key: ['x'],
      fetch: ({ signal }: { signal: AbortSignal }) => {
        seen = signal;
        return Promise.reject(new Error('down'));
      },
    };
    await expect(cache.fetchQuery(failing, controller.signal)).rejects.toThrow('down');
    expect(seen).toBe(controller.signal);
    expect(await cache.fetchQuery({ key: ['x'], fetch: () => Promise.resolve('up') })).toBe('up');
  });
});
