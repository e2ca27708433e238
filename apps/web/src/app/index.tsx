import { useCallback, useEffect, useMemo, useState } from 'react';

import { Splash } from '@/components/splash/splash';
import { UpdatePrompt } from '@/features/app-update/update-prompt';
import { AddressBarRouter } from '@/lib/routing';

import { AppProvider } from './provider';
import { AppRoutes, preloadPage } from './router';

/**
 * The app renders at once behind the splash while the first page's chunk loads; the splash leaves
 * when its minimum time is over and that page is ready, so nothing jumps when it goes.
 */
export function App() {
  const [pageReady, setPageReady] = useState(false);
  const [splashDone, setSplashDone] = useState(false);
  const onSplashDone = useCallback(() => setSplashDone(true), []);

  useEffect(() => {
    let active = true;
    void preloadPage(window.location.pathname).then(() => active && setPageReady(true));
    return () => {
      active = false;
    };
  }, []);

  // The same element on every render of App, so React does not re-render the pages for App's state.
  const pages = useMemo(
    () => (
      <AddressBarRouter>
        <AppRoutes />
      </AddressBarRouter>
    ),
    [],
  );

  return (
    <AppProvider>
      <div inert={!splashDone} aria-hidden={splashDone ? undefined : true} className="contents">
        {pages}
      </div>
      <UpdatePrompt />
      {!splashDone && <Splash ready={pageReady} onDone={onSplashDone} />}
    </AppProvider>
  );
}
