import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { lazyComponent } from './lazy';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

/** Renders, letting a suspended component's chunk arrive (React retries it within an awaited act). */
async function renderLoaded(ui: ReactElement) {
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(ui);
  });
  return result!;
}

describe('lazyComponent', () => {
  it('loads its chunk once, and once loaded renders at once, without the Suspense fallback', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Lazy = lazyComponent(load);
    const first = await renderLoaded(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="a" />
      </Suspense>,
    );
    expect(screen.getByText('hello a')).toBeInTheDocument();
    first.unmount();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="b" />
      </Suspense>,
    );
    expect(screen.getByText('hello b')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when the chunk cannot be fetched, and fetches again on the next preload', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const Lazy = lazyComponent<{ name: string }>(load);
    await Lazy.preload();
    const failed = await renderLoaded(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="c" />
      </Suspense>,
    );
    expect(failed.container).toBeEmptyDOMElement();
    failed.unmount();
    await Lazy.preload();
    render(
      <Suspense>
        <Lazy name="c" />
      </Suspense>,
    );
    expect(screen.getByText('hello c')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
