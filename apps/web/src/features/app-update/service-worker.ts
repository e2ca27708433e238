import { whenIdle } from '@/lib/lazy';

/** How often an open app asks the server whether a new release is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface ServiceWorkerEvents {
  /** A new release is installed and waits: `apply` activates it and reloads the page. */
  onUpdateReady: (apply: () => Promise<void>) => void;
}

/**
 * Registers the service worker that keeps the app shell for offline use, after the first screen
 * (its precache download must not compete with it). Only in a production build of a
 * browser that has service workers; the registration code is its own chunk, off the first load.
 */
export function startServiceWorker({ onUpdateReady }: ServiceWorkerEvents): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    const { registerSW } = await import('virtual:pwa-register');
    const update = registerSW({
      onNeedRefresh: () => onUpdateReady(() => update(true)),
      onRegisteredSW: (_url, registration) => {
        if (!registration) return;
        // People keep the app open for days: look for a release hourly and on coming back to it.
        const check = () => void registration.update().catch(() => undefined);
        setInterval(check, UPDATE_CHECK_MS);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') check();
        });
      },
    });
  };
  // Once the first screen is up and the browser is idle: the worker's own script and the precache
  // download then never delay what the person is waiting for (Lighthouse counted them in the LCP).
  whenIdle(() => void register());
}
