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

interface TabListProps<T extends string> {
  label: string;
  tabs: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** The id of what the tabs show (a panel, a list). */
  controls: string;
  /** Each tab's id, where the panel is labelled by its tab. */
  tabId?: (tab: T) => string;
  className?: string;
  /** Underlined tabs on a dark row, or pills. */
  look: keyof typeof TAB_LOOKS;
}

/** Each look's classes: every tab's, the selected tab's and the others'. */
const TAB_LOOKS = {
  underline: [
    '-mb-px shrink-0 border-b-2 px-2 py-2.5 text-sm font-medium sm:px-3',
    'border-brand-100 text-white',
    'border-transparent text-slate-300 hover:text-white',
  ],
  pill: [
    'shrink-0 rounded-full px-3 py-1 text-sm font-medium',
    'bg-brand-600 text-white',
    'bg-slate-100 text-slate-700 hover:bg-slate-200',
  ],
} as const;

/**
 * A row of tabs (WAI-ARIA APG, automatic activation): one tab stop, arrow keys, Home and End move
 * between tabs and select the one they reach.
 */
export function TabList<T extends string>({
  label,
  tabs,
  value,
  onChange,
  controls,
  tabId,
  className,
  look,
}: TabListProps<T>) {
  const [every, selected, other] = TAB_LOOKS[look];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = rovingIndex(event.key, index, tabs.length);
    if (target === undefined) return;
    event.preventDefault();
    onChange(tabs[target]!);
    refs.current[target]?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, index) => (
        <button
          key={tab}
          ref={(element) => {
            refs.current[index] = element;
          }}
          id={tabId?.(tab)}
          type="button"
          role="tab"
          aria-selected={tab === value}
          aria-controls={controls}
          tabIndex={tab === value ? 0 : -1}
          className={cn(every, tab === value ? selected : other)}
          onClick={() => onChange(tab)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}

/** Tabs with their panel, which holds the selected tab's content. */
export function Tabs<T extends string>({ children, actions, ...tabList }: TabsProps<T>) {
  const baseId = useId();
  const tabId = (tab: T) => `${baseId}-tab-${tab.replace(/\W/g, '')}`;
  const panelId = `${baseId}-panel`;

  return (
    <div>
      <div className="flex items-center justify-between gap-2 border-b border-slate-700 px-2">
        <TabList
          {...tabList}
          controls={panelId}
          tabId={tabId}
          className="flex overflow-x-auto"
          look="underline"
        />
        {actions}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tabList.value)}>
        {children}
      </div>
    </div>
  );
}
