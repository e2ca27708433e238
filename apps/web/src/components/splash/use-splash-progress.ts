import { useEffect, useState } from 'react';

import { SPLASH } from '@/config/constants';
import { useLatest } from '@/hooks/use-latest';

/** A random whole step from SPLASH.minStep to SPLASH.maxStep percent. */
function randomStep(random: () => number): number {
  return SPLASH.minStep + Math.floor(random() * (SPLASH.maxStep - SPLASH.minStep + 1));
}

/**
 * When the splash first showed: index.html paints it before any script runs, so that is the page's
 * first contentful paint (where the browser reports it; else now, when the app starts).
 */
function splashShownAt(): number {
  return performance.getEntriesByName?.('first-contentful-paint')[0]?.startTime ?? performance.now();
}

/**
 * The start-up splash: progress ticks every 150 ms by 5–20 % up to 100, and the
 * splash stays at least 1500 ms — and, beyond that, until the app is `ready` to show its first screen.
 * The 1500 ms count from when the splash first showed (painted by index.html while the scripts
 * load), not from when the scripts ran, so a slow network does not lengthen it.
 */
export function useSplashProgress(ready: boolean, random: () => number = Math.random) {
  const [progress, setProgress] = useState(0);
  const [minimumElapsed, setMinimumElapsed] = useState(false);
  const randomSource = useLatest(random);

  useEffect(() => {
    const ticker = setInterval(() => {
      setProgress((current) => Math.min(100, current + randomStep(randomSource.current)));
    }, SPLASH.tickMs);
    const shownFor = performance.now() - splashShownAt();
    const minimum = setTimeout(() => setMinimumElapsed(true), Math.max(0, SPLASH.minimumMs - shownFor));
    return () => {
      clearInterval(ticker);
      clearTimeout(minimum);
    };
  }, [randomSource]);

  const done = minimumElapsed && ready;
  return { progress: done ? 100 : progress, done };
}
