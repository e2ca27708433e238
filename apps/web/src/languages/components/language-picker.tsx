import { AUTO } from '@sema/shared/validation';
import { Suspense, useEffect, useRef, useState } from 'react';

import { ChevronDownIcon } from '@/components/ui/icons';
import { AUTO_DETECT_LABEL, PICKER } from '@/config/constants';
import { lazyComponent, whenIdle } from '@/lib/lazy';

import { useLanguageLookup } from '../hooks/use-language-lookup';
import type { PickerKind, Placement } from './picker-panel';

export type { PickerKind };

/** The panel is fetched when the browser is idle or a picker button is pointed at, before any click. */
const PickerPanel = lazyComponent(() => import('./picker-panel').then((module) => module.PickerPanel));

interface LanguagePickerProps {
  kind: PickerKind;
  value: string;
  onChange: (code: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Which edge of the bar the panel lines up with on wide screens. */
  align?: 'start' | 'end';
  /** With Auto Detect chosen: the language found in the text being typed, if any. */
  detected?: string;
  /** The target picker: the source language, whose reachable targets it lists (pair models). */
  pairSource?: string;
}

/** Space the panel needs besides its list: title, search, tabs and padding (px). */
const PANEL_CHROME_PX = 170;

/** Picks where the panel goes: below the button unless only above has room for it. */
function placePanel(trigger: HTMLElement | null): Placement {
  const rect = trigger?.getBoundingClientRect();
  if (!rect) return { above: false, listMaxHeight: PICKER.maxHeightPx };
  const below = window.innerHeight - rect.bottom - 16;
  const above = rect.top - 16;
  const useAbove = below < PICKER.maxHeightPx + PANEL_CHROME_PX && above > below;
  const room = (useAbove ? above : below) - PANEL_CHROME_PX;
  return { above: useAbove, listMaxHeight: Math.max(160, Math.min(PICKER.maxHeightPx, room)) };
}

/**
 * A language picker: a button that opens a panel with a search box, filter tabs and a
 * list. The search box drives the list (combobox + listbox pattern: arrows move, Enter picks), the
 * tabs follow the tabs pattern, and Escape, an outside click or a choice close it.
 */
export function LanguagePicker({
  kind,
  value,
  onChange,
  open,
  onOpenChange,
  align = 'start',
  detected,
  pairSource,
}: LanguagePickerProps) {
  const { nameOf } = useLanguageLookup();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Keys typed on the button while the panel's code is still on its way (the first opening after
  // the page loads): the panel starts its search with them instead of losing them.
  const [typedAhead, setTypedAhead] = useState('');
  const [placement, setPlacement] = useState<Placement>({ above: false, listMaxHeight: PICKER.maxHeightPx });
  const selected = value === AUTO ? AUTO_DETECT_LABEL : nameOf(value);
  const detectedName = value === AUTO && detected ? nameOf(detected) : undefined;

  const close = (returnFocus: boolean) => {
    onOpenChange(false);
    if (returnFocus) triggerRef.current?.focus();
  };
  useEffect(() => whenIdle(() => void PickerPanel.preload()), []);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`${kind === 'source' ? 'Source' : 'Target'} language: ${selected}${detectedName ? ` (${detectedName} detected)` : ''}`}
        className="flex min-w-0 flex-1 items-center justify-between gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        onPointerEnter={() => void PickerPanel.preload()}
        onFocus={() => void PickerPanel.preload()}
        onClick={() => {
          if (!open) {
            setPlacement(placePanel(triggerRef.current));
            setTypedAhead('');
          }
          onOpenChange(!open);
        }}
        onKeyDown={(event) => {
          const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
          // A space is the button's own key until a search has begun.
          if (!open || !printable || (event.key === ' ' && typedAhead === '')) return;
          event.preventDefault();
          setTypedAhead((typed) => typed + event.key);
        }}
        data-testid={`${kind}-language`}
      >
        {detectedName ? (
          // Auto Detect found a language in the text being typed: its name, marked as detected.
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="truncate" data-testid="live-detection">
              {detectedName}
            </span>
            <span className="shrink-0 rounded bg-slate-100 px-1 text-xs font-normal text-slate-700">
              auto
            </span>
          </span>
        ) : (
          <span className="truncate">{selected}</span>
        )}
        <ChevronDownIcon width={16} height={16} className="shrink-0 text-slate-600" />
      </button>
      {/* Mounted on each opening, so every opening starts from a clean search on the All tab. */}
      {open && (
        <Suspense>
          <PickerPanel
            kind={kind}
            value={value}
            align={align}
            placement={placement}
            triggerRef={triggerRef}
            typedAhead={typedAhead}
            pairSource={pairSource}
            onChoose={(code) => {
              onChange(code);
              close(true);
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
