import { useEffect } from 'react';

import { SplashScreen } from './splash-screen';
import { useSplashProgress } from './use-splash-progress';

/**
 * The splash with its own progress state, so that its ticks re-render only itself, not the app
 * waiting behind it. Tells `onDone` once its minimum time is over and the app is `ready`.
 */
export function Splash({ ready, onDone }: { ready: boolean; onDone: () => void }) {
  const { progress, done } = useSplashProgress(ready);
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  return <SplashScreen progress={progress} />;
}
