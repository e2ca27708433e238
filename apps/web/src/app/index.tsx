import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';

import { SplashScreen } from '@/components/splash/splash-screen';
import { useSplashProgress } from '@/components/splash/use-splash-progress';

import { AppProvider } from './provider';
import { AppRoutes, preloadPage } from './router';

/**
 * The app renders at once behind the splash while the first page's chunk loads; the splash leaves
 * when its minimum time is over and that page is ready, so nothing jumps when it goes.
 */
export function App() {
  const [pageReady, setPageReady] = useState(false);
  const { progress, done } = useSplashProgress(pageReady);

  useEffect(() => {
    let active = true;
    void preloadPage(window.location.pathname).then(() => active && setPageReady(true));
    return () => {
      active = false;
    };
  }, []);

  return (
    <AppProvider>
      <div inert={!done} aria-hidden={done ? undefined : true} className="contents">
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </div>
      {!done && <SplashScreen progress={progress} />}
    </AppProvider>
  );
}
