import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in TypeScript's DOM types: it is not a standard). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * Keeps the browser's install offer so the menu can make it when the person asks, instead of the
 * browser's own mini-infobar at a moment of its choosing. Must run before the app renders: the
 * offer comes once, soon after the page loads. Browsers without it (Safari, Firefox) never show
 * "Install app"; their own menus install the app from the manifest.
 */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

/** Shows the browser's install dialog; the offer is spent either way, as the browser wants. */
export async function install(): Promise<void> {
  const current = offer;
  if (!current) return;
  offer = null;
  changed();
  await current.prompt();
  await current.userChoice.catch(() => undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while the browser offers to install the app (never where it is installed already). */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => offer !== null,
    () => false,
  );
}
