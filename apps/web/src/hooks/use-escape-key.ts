import { useEffect } from 'react';

import { useLatest } from './use-latest';

/**
 * Calls `onEscape` when Escape is pressed anywhere while `enabled`: a popup closes on Escape even
 * when focus has not moved into it yet (or has left it).
 */
export function useEscapeKey(onEscape: () => void, enabled: boolean): void {
  const latest = useLatest(onEscape);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, latest]);
}
