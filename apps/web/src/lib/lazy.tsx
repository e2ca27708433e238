import { createElement, Suspense, use, useCallback, useEffect, useState, type ComponentType } from 'react';

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

/**
 * How long after the app starts `whenIdle` waits at least: past the splash (at least 1500 ms), so what is
 * fetched ahead does not compete with the first screen's own code and data on a slow network.
 */
const AFTER_START_MS = 3000;

/** Set when the first idle-time task runs: `bench/web-size.mjs` counts what is fetched after it apart. */
const IDLE_MARK = 'sema:idle';

/** Runs `task` once the first screen is up and the browser is idle (or soon where it cannot tell). */
export function whenIdle(task: () => void): () => void {
  let idle: number | undefined;
  const run = () => {
    if (performance.getEntriesByName(IDLE_MARK).length === 0) performance.mark(IDLE_MARK);
    task();
  };
  const timer = setTimeout(
    () => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: 5000 });
      else run();
    },
    Math.max(0, AFTER_START_MS - performance.now()),
  );
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * A dialog whose code is a `lazyComponent`, fetched when the browser is idle or on `preload` (from
 * its button, pointed at or focused). `open()` counts an opening: the owner mounts the dialog while
 * `openings > 0`, keyed by it, so each opening starts afresh, and the dialog shows itself as it
 * mounts (at once when fetched ahead, else as soon as its chunk arrives).
 */
export function useDialogOnDemand(dialog: Pick<LazyComponent<never>, 'preload'>) {
  const [openings, setOpenings] = useState(0);
  const { preload } = dialog;
  useEffect(() => whenIdle(() => void preload()), [preload]);
  const open = useCallback(() => {
    void preload();
    setOpenings((count) => count + 1);
  }, [preload]);
  return { openings, open, preload };
}

/**
 * The dialog of `useDialogOnDemand` once opened: mounted afresh for each opening (keyed by the
 * count), inside its own Suspense while its chunk is still on the way.
 */
export function OpenedDialog<P extends object>({
  dialog,
  openings,
  props,
}: {
  dialog: LazyComponent<P>;
  openings: number;
  props: P;
}) {
  if (openings === 0) return null;
  return <Suspense>{createElement(dialog, { ...props, key: openings })}</Suspense>;
}
