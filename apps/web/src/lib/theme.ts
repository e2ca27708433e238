import { useSyncExternalStore } from 'react';

/** What the person chose: follow the system (the default), or always light or dark. */
export type ThemePreference = 'system' | 'light' | 'dark';

const KEY = 'sema_theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function themePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** The theme drawn: the choice, or the system's when the choice is to follow it. */
export function resolvedTheme(preference = themePreference()): 'light' | 'dark' {
  if (preference !== 'system') return preference;
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

function apply(): void {
  document.documentElement.dataset.theme = resolvedTheme();
  for (const listener of listeners) listener();
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, preference);
  } catch {
    // Storage turned off: the choice lasts until the page closes.
  }
  apply();
}

/** Sets the theme at start and follows the system's changes while the choice is to follow it. */
export function initTheme(): void {
  apply();
  window.matchMedia?.(DARK_QUERY).addEventListener?.('change', apply);
}

/** The current choice, redrawn when it changes. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    themePreference,
    () => 'system',
  );
}
