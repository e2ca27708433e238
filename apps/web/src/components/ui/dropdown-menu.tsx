import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import { useEscapeKey } from '@/hooks/use-escape-key';
import { useOutsideClick } from '@/hooks/use-outside-click';
import { cn } from '@/lib/cn';

export interface MenuItem {
  label: ReactNode;
  onSelect?: () => void;
  disabled?: boolean;
  icon?: ReactNode;
}

export interface DropdownMenuProps {
  /** Content of the button that opens the menu. */
  trigger: ReactNode;
  /** Accessible name of the button when its content is not text (an icon). */
  triggerLabel?: string;
  triggerClassName?: string;
  items: readonly MenuItem[];
  /** Shown under the items, outside the menu's keyboard order (e.g. 'More settings coming soon'). */
  footer?: ReactNode;
  /** A heading above the items (e.g. the signed-in user's name). */
  header?: ReactNode;
  placement?: 'below-end' | 'above-start';
  /** Open when hovered after this delay, close after leaving; clicks and keys work regardless. */
  hoverDelays?: { openMs: number; closeMs: number };
  menuClassName?: string;
}

/**
 * A menu button (WAI-ARIA APG pattern): Enter, Space or Arrow keys open it, arrows move between
 * items (disabled ones included, as the pattern says), Escape closes and returns focus, Tab and an
 * outside click close it.
 */
export function DropdownMenu({
  trigger,
  triggerLabel,
  triggerClassName,
  items,
  footer,
  header,
  placement = 'below-end',
  hoverDelays,
  menuClassName,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openedByHoverAt = useRef(0);
  const menuId = useId();
  const buttonId = useId();

  const clearHoverTimer = () => clearTimeout(hoverTimer.current);
  useEffect(() => clearHoverTimer, []);

  const close = useCallback((returnFocus: boolean) => {
    clearHoverTimer();
    setOpen(false);
    setFocusIndex(-1);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useOutsideClick([rootRef], () => close(false), open);
  useEscapeKey(() => close(true), open);

  useEffect(() => {
    if (open && focusIndex >= 0) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  const openAt = (index: number) => {
    clearHoverTimer();
    setOpen(true);
    setFocusIndex(index);
  };

  const onButtonClick = () => {
    // A click right after a hover opened the menu confirms it rather than closing it again.
    if (open && Date.now() - openedByHoverAt.current < 600) return;
    if (open) close(false);
    else openAt(-1);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (focusIndex >= last ? 0 : focusIndex + 1),
      ArrowUp: () => (focusIndex <= 0 ? last : focusIndex - 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setFocusIndex(move());
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const hoverProps = hoverDelays
    ? {
        onMouseEnter: () => {
          clearHoverTimer();
          if (!open)
            hoverTimer.current = setTimeout(() => {
              openedByHoverAt.current = Date.now();
              setOpen(true);
            }, hoverDelays.openMs);
        },
        onMouseLeave: () => {
          clearHoverTimer();
          if (open) hoverTimer.current = setTimeout(() => close(false), hoverDelays.closeMs);
        },
      }
    : {};

  return (
    <div ref={rootRef} className="relative" {...hoverProps}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        className={triggerClassName}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <div
          className={cn(
            'absolute z-30 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg',
            placement === 'below-end' ? 'top-full right-0 mt-2' : 'bottom-full left-0 mb-2',
            menuClassName,
          )}
        >
          {header}
          <div role="menu" id={menuId} aria-labelledby={buttonId} onKeyDown={onMenuKeyDown}>
            {items.map((item, index) => (
              <button
                key={index}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-disabled={item.disabled || undefined}
                className={cn(
                  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm',
                  item.disabled
                    ? 'cursor-not-allowed text-slate-500'
                    : 'text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100',
                )}
                onClick={() => {
                  if (item.disabled) return;
                  close(true);
                  item.onSelect?.();
                }}
              >
                {item.icon}
                {item.label}
              </button>
            ))}
          </div>
          {footer}
        </div>
      )}
    </div>
  );
}
