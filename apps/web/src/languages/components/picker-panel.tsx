import type { LanguageWithCode } from '@sema/shared/api/schemas';
import { AUTO } from '@sema/shared/validation';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';

import { CheckIcon } from '@/components/ui/icons';
import { TabList } from '@/components/ui/tabs';
import { AUTO_DETECT_LABEL } from '@/config/constants';
import { useEscapeKey } from '@/hooks/use-escape-key';
import { useOutsideClick } from '@/hooks/use-outside-click';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

import { useLanguages } from '../api/get-languages';
import {
  autoDetectMatches,
  emptyListMessage,
  filterLanguages,
  LANGUAGE_FILTERS,
  type LanguageFilter,
} from '../language-filter';
import { pickerLanguages } from '../served-pairs';
import { NativeName } from './native-name';

// The language picker's panel: a chunk of its own, loaded when the browser is idle or a picker
// button is pointed at, so the first screen does not wait for it.

export type PickerKind = 'source' | 'target';

export interface Placement {
  above: boolean;
  listMaxHeight: number;
}

interface Option {
  code: string;
  name: string;
  nativeName?: string;
  script?: string;
}

/** The panel keeps this far from the window's edges (px). */
const EDGE_GAP_PX = 8;
/** The list never gets shorter than this to fit: below it the panel may scroll with the page. */
const MIN_LIST_PX = 120;

const titles: Record<PickerKind, string> = {
  source: 'Select Source Language',
  target: 'Select Target Language',
};

interface PickerPanelProps {
  kind: PickerKind;
  value: string;
  align: 'start' | 'end';
  placement: Placement;
  triggerRef: RefObject<HTMLButtonElement | null>;
  onChoose: (code: string) => void;
  onClose: (returnFocus: boolean) => void;
  /** What was typed on the picker's button between the click and the panel's arrival. */
  typedAhead: string;
  /** The target picker: the source language, whose reachable targets it lists (pair models). */
  pairSource?: string;
}

export function PickerPanel({
  kind,
  value,
  align,
  placement,
  triggerRef,
  onChoose,
  onClose,
  typedAhead,
  pairSource,
}: PickerPanelProps) {
  const [listMaxHeight, setListMaxHeight] = useState(placement.listMaxHeight);
  const { data, isPending, isError, error, refetch } = useLanguages();
  const languages = useMemo(() => pickerLanguages(data, kind, pairSource), [data, kind, pairSource]);
  const [filter, setFilter] = useState<LanguageFilter>('All');
  const [query, setQuery] = useState(typedAhead);
  const panelRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const options = useMemo<Option[]>(() => {
    const found: Option[] = filterLanguages(languages, filter, query).map((language: LanguageWithCode) => ({
      code: language.code,
      name: language.name,
      nativeName: language.native_name,
      script: language.script,
    }));
    return kind === 'source' && autoDetectMatches(query, filter)
      ? [{ code: AUTO, name: AUTO_DETECT_LABEL }, ...found]
      : found;
  }, [languages, filter, query, kind]);

  // The highlight starts on the current choice (when it is listed), else on the first entry, and
  // goes back there whenever the list changes.
  const initialIndex = useCallback(
    (list: Option[]) =>
      query === ''
        ? Math.max(
            0,
            list.findIndex((option) => option.code === value),
          )
        : 0,
    [query, value],
  );
  const [active, setActive] = useState(() => ({ options, index: initialIndex(options) }));
  const activeIndex = active.options === options ? active.index : initialIndex(options);
  const setActiveIndex = (index: number) => setActive({ options, index });

  useOutsideClick([panelRef, triggerRef], () => onClose(false), true);
  useEscapeKey(() => onClose(true), true);

  // The placement was an estimate made before the panel existed (tabs wrap on narrow screens):
  // once it is laid out, shorten the list by whatever still sticks out of the window.
  useLayoutEffect(() => {
    const rect = panelRef.current?.getBoundingClientRect();
    if (!rect?.height) return; // Not laid out (no window to fit in, as in tests without layout).
    const overflow = Math.max(rect.bottom - (window.innerHeight - EDGE_GAP_PX), EDGE_GAP_PX - rect.top, 0);
    if (overflow > 0) setListMaxHeight((height) => Math.max(MIN_LIST_PX, height - overflow));
  }, []);

  // The search box takes focus as soon as the panel is there, not after the spec's 100 ms delay:
  // what is typed meanwhile would be lost ("Swahili" became "wahili"). Focusing within the click
  // that opened the panel is also what lets phone browsers open their keyboard.
  useLayoutEffect(() => searchRef.current?.focus(), []);

  useEffect(() => {
    listRef.current
      ?.querySelector(`#${CSS.escape(optionId(activeIndex))}`)
      ?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on the stable baseId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex, options]);

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(last, activeIndex + 1),
      ArrowUp: () => Math.max(0, activeIndex - 1),
      PageDown: () => Math.min(last, activeIndex + 8),
      PageUp: () => Math.max(0, activeIndex - 8),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setActiveIndex(move());
    } else if (event.key === 'Enter') {
      // Also keeps Enter from submitting the message form around the picker.
      event.preventDefault();
      const option = options[activeIndex];
      if (option) onChoose(option.code);
    }
  };

  const activeOption = options[activeIndex];

  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-labelledby={titleId}
      className={cn(
        'absolute inset-x-0 z-30 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-xl sm:w-[28rem]',
        placement.above ? 'bottom-full mb-2' : 'top-full mt-2',
        align === 'end' ? 'sm:right-0 sm:left-auto' : 'sm:right-auto sm:left-0',
      )}
      data-testid={`${kind}-picker`}
    >
      <h2 id={titleId} className="px-1 text-base font-semibold text-slate-900">
        {titles[kind]}
      </h2>
      <input
        ref={searchRef}
        type="search"
        role="combobox"
        aria-label="Search languages"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeIndex) : undefined}
        placeholder="Search languages..."
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onSearchKeyDown}
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600"
      />
      <TabList
        label="Filter languages"
        tabs={LANGUAGE_FILTERS}
        value={filter}
        onChange={setFilter}
        controls={listId}
        className="flex flex-wrap gap-1"
        look="pill"
      />
      <div role="tabpanel" aria-label={`${filter} languages`} className="min-h-0">
        {isPending ? (
          <p role="status" className="px-2 py-6 text-center text-sm text-slate-700">
            Loading languages...
          </p>
        ) : isError && languages.length === 0 ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-2 px-2 py-6 text-center text-sm text-red-800"
          >
            <p>{errorMessage(error)}</p>
            <button
              type="button"
              className="rounded-md px-2 py-1 font-medium text-brand-700 hover:underline"
              onClick={() => void refetch()}
            >
              Try again
            </button>
          </div>
        ) : options.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-2 py-6 text-center text-sm text-slate-700">
            <p role="status">{emptyListMessage(filter, query, languages)}</p>
            {filter !== 'All' && filterLanguages(languages, 'All', query).length > 0 && (
              <button
                type="button"
                className="rounded-md px-2 py-1 font-medium text-brand-700 hover:underline"
                onClick={() => setFilter('All')}
              >
                Search all languages
              </button>
            )}
          </div>
        ) : (
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={titleId}
            className="overflow-y-auto overscroll-contain"
            style={{ maxHeight: listMaxHeight }}
          >
            {options.map((option, index) => {
              const isSelected = option.code === value;
              return (
                <li
                  key={option.code}
                  id={optionId(index)}
                  role="option"
                  aria-selected={isSelected}
                  className={cn(
                    'flex h-10 cursor-pointer items-center gap-2 rounded-lg px-2.5 text-sm',
                    index === activeIndex ? 'bg-brand-50 text-brand-800' : 'text-slate-800',
                  )}
                  onMouseMove={() => index !== activeIndex && setActiveIndex(index)}
                  onClick={() => onChoose(option.code)}
                >
                  <span className="min-w-0 flex-1 truncate font-medium">{option.name}</span>
                  {option.nativeName && option.nativeName !== option.name && (
                    <NativeName
                      code={option.code}
                      script={option.script ?? ''}
                      text={option.nativeName}
                      className="max-w-[45%] truncate text-slate-600"
                    />
                  )}
                  <CheckIcon
                    width={16}
                    height={16}
                    className={cn('shrink-0', isSelected ? 'text-brand-700' : 'invisible')}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
