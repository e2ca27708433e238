import { useEffect, type RefObject } from 'react';

import { useLatest } from './use-latest';

/**
 * Calls `onOutside` when a pointer goes down outside every given element, while `enabled`.
 * Menus, the settings panel and the language picker close this way.
 */
export function useOutsideClick(
  refs: readonly RefObject<HTMLElement | null>[],
  onOutside: () => void,
  enabled: boolean,
): void {
  const latest = useLatest({ refs, onOutside });

  useEffect(() => {
    if (!enabled) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      const inside = latest.current.refs.some((ref) => ref.current && target && ref.current.contains(target));
      if (!inside) latest.current.onOutside();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [enabled, latest]);
}
