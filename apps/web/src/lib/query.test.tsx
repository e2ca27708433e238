import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from './query';

function Reader({ queryFn, label }: { queryFn: () => Promise<string>; label: string }) {
  const { data, isPending, isError, error } = useQuery({ queryKey: ['thing'], queryFn, retry: false });
  return <p>{`${label}: ${isPending ? 'pending' : isError ? `error ${error?.message}` : data}`}</p>;
}

describe('query', () => {
  it('shares one fetch between the components that read a query', async () => {
    const queryFn = vi.fn(() => Promise.resolve('value'));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Reader queryFn={queryFn} label="a" />
        <Reader queryFn={queryFn} label="b" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('a: pending')).toBeInTheDocument();
    expect(await screen.findByText('a: value')).toBeInTheDocument();
    expect(screen.getByText('b: value')).toBeInTheDocument();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('retries a failure as often as asked, then reports it', async () => {
    vi.useFakeTimers();
    try {
      const queryFn = vi.fn(() => Promise.reject(new Error('down')));
      const client = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });
      function Probe() {
        const { isError, error } = useQuery({ queryKey: ['x'], queryFn });
        return <p>{isError ? error?.message : 'waiting'}</p>;
      }
      render(
        <QueryClientProvider client={client}>
          <Probe />
        </QueryClientProvider>,
      );
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(queryFn).toHaveBeenCalledTimes(2);
      expect(screen.getByText('down')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refetches an invalidated query on screen, and a mutation awaits onSettled', async () => {
    let count = 0;
    const queryFn = () => Promise.resolve(`v${++count}`);
    function Probe() {
      const client = useQueryClient();
      const { data } = useQuery({ queryKey: ['items', 1], queryFn, staleTime: Infinity });
      const { mutateAsync } = useMutation({
        mutationFn: (n: number) => Promise.resolve(n * 2),
        onSettled: () => client.invalidateQueries({ queryKey: ['items'] }),
      });
      return (
        <button type="button" onClick={() => void mutateAsync(2)}>
          {data ?? 'none'}
        </button>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    const button = await screen.findByRole('button', { name: 'v1' });
    act(() => button.click());
    expect(await screen.findByRole('button', { name: 'v2' })).toBeInTheDocument();
  });

  it('keeps data set beforehand (as tests and caches do) without fetching while fresh', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(['thing'], 'preset');
    const queryFn = vi.fn(() => Promise.resolve('fetched'));
    render(
      <QueryClientProvider client={client}>
        <Reader queryFn={queryFn} label="r" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('r: preset')).toBeInTheDocument();
    expect(queryFn).not.toHaveBeenCalled();
  });
});
