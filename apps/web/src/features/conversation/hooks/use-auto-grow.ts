import { useLayoutEffect, type RefObject } from 'react';

/**
 * Grows a text area with its content up to `maxRows` lines, then scrolls inside it
 * (spec part 2: up to 5 rows). Measured, because `field-sizing: content` is not everywhere yet.
 */
export function useAutoGrow(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxRows: number,
): void {
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    if (value === '') {
      // Empty: one row, as rendered. Measuring here would force a layout of the page at start.
      area.style.height = '';
      area.style.overflowY = 'hidden';
      return;
    }
    const style = getComputedStyle(area);
    const lineHeight = Number.parseFloat(style.lineHeight) || 24;
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom) || 0;
    const border = Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth) || 0;
    const maxHeight = lineHeight * maxRows + padding + border;
    area.style.height = 'auto';
    const wanted = area.scrollHeight + border;
    area.style.height = `${Math.min(wanted, maxHeight)}px`;
    area.style.overflowY = wanted > maxHeight ? 'auto' : 'hidden';
  }, [ref, value, maxRows]);
}
