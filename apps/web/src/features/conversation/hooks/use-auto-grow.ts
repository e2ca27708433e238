import { useLayoutEffect, type RefObject } from 'react';

/** Browsers that size a text area to its content (and placeholder) by themselves. */
const sizesItself =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/**
 * Grows a text area with its content up to `maxRows` lines (5 for the input), then scrolls inside
 * it. Where CSS `field-sizing: content` works the browser does it with no script (the
 * text area carries that style and a max-height); elsewhere the height is measured.
 */
export function useAutoGrow(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxRows: number,
): void {
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area || sizesItself) return;
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
