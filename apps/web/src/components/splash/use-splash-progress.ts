import { useEffect, useState } from 'react';

import { SPLASH } from '@/config/constants';
import { useLatest } from '@/hooks/use-latest';

/** A random whole step from SPLASH.minStep to SPLASH.maxStep percent. */
function randomStep(random: () => number): number {
  return SPLASH.minStep + Math.floor(random() * (SPLASH.maxStep - SPLASH.minStep + 1));
}

/**
 * The start-up splash: progress ticks every 150 ms by 5–20 % up to 100, and the
 * splash stays at least 1500 ms — and, beyond that, until the app is `ready` to show its first screen.
 */
export function useSplashProgress(ready: boolean, random: () => number = Math.random) {
  const [progress, setProgress] = useState(0);
  const [minimumElapsed, setMinimumElapsed] = useState(false);
  const randomSource = useLatest(random);

  useEffect(() => {
    const ticker = setInterval(() => {
      setProgress((current) => Math.min(100, current + randomStep(randomSource.current)));
    }, SPLASH.tickMs);
    const minimum = setTimeout(() => setMinimumElapsed(true), SPLASH.minimumMs);
    return () => {
      clearInterval(ticker);
      clearTimeout(minimum);
    };
  }, [randomSource]);

  const done = minimumElapsed && ready;
  return { progress: done ? 100 : progress, done };
}
