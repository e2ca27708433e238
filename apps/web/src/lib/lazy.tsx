import { createElement, use, type ComponentType } from 'react';

export interface LazyComponent<P> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts loading the component's chunk (once); call it on idle, hover or focus. */
  preload: () => Promise<unknown>;
}

const everyPreload: (() => Promise<unknown>)[] = [];

/** Loads every on-demand component imported so far (tests render them at once, as a warm app does). */
export function preloadLazyComponents(): Promise<unknown> {
  return Promise.all(everyPreload.map((preload) => preload()));
}

/** What a component whose chunk could not be fetched renders: nothing, rather than an error page. */
const Unavailable = () => null;

/**
 * A component whose code is a chunk of its own, for what only shows after an interaction (a
 * dialog, a menu, message actions): the first screen does not wait for it. Unlike React.lazy, once
 * preloaded it renders at once, with no Suspense fallback; before that it suspends, so render it
 * inside a <Suspense>. A chunk that cannot be fetched (offline with nothing cached) leaves the rest
 * of the page working: the component renders nothing, and the next `preload()` tries again.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  let failed = false;
  const start = () =>
    load().then(
      (component) => (loaded = component),
      () => {
        failed = true;
        return Unavailable;
      },
    );
  const Lazy = (props: P) => createElement(loaded ?? use((loading ??= start())), props);
  Lazy.preload = () => {
    if (failed) {
      failed = false;
      loading = undefined;
    }
    return (loading ??= start());
  };
  everyPreload.push(Lazy.preload);
  return Lazy;
}

/** Runs `task` once the browser is idle (after the first screen), or soon where it cannot tell. */
export function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 2000);
  return () => clearTimeout(timer);
}
