import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

import { cn } from '@/lib/cn';
import { rovingIndex } from '@/lib/roving-index';

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly T[];
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
  /** Shown at the end of the tab row (e.g. a copy button). */
  actions?: ReactNode;
}

/**
 * Tabs (WAI-ARIA APG, automatic activation): one tab stop, arrow keys, Home and End move between
 * tabs; the panel holds the selected tab's content.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children, actions }: TabsProps<T>) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (tab: T) => `${baseId}-tab-${tab.replace(/\W/g, '')}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = rovingIndex(event.key, index, tabs.length);
    if (target === undefined) return;
    event.preventDefault();
    onChange(tabs[target]!);
    refs.current[target]?.focus();
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2 border-b border-slate-700 px-2">
        <div role="tablist" aria-label={label} className="flex overflow-x-auto">
          {tabs.map((tab, index) => (
            <button
              key={tab}
              ref={(element) => {
                refs.current[index] = element;
              }}
              id={tabId(tab)}
              type="button"
              role="tab"
              aria-selected={tab === value}
              aria-controls={panelId}
              tabIndex={tab === value ? 0 : -1}
              className={cn(
                '-mb-px shrink-0 border-b-2 px-2 py-2.5 text-sm font-medium sm:px-3',
                tab === value
                  ? 'border-brand-100 text-white'
                  : 'border-transparent text-slate-300 hover:text-white',
              )}
              onClick={() => onChange(tab)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab}
            </button>
          ))}
        </div>
        {actions}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)}>
        {children}
      </div>
    </div>
  );
}
