import { useRef, useState } from 'react';

import { CloseIcon, HistoryIcon } from '@/components/ui/icons';
import { languageTag, useLanguageLookup } from '@/features/languages';

import type { TranslationHistoryItem } from '../translation-state';

interface TranslationHistoryProps {
  history: readonly TranslationHistoryItem[];
  onRemove: (id: string) => void;
  onClear: () => void;
}

/**
 * The translation history (the last 50, newest first, kept on this device): a
 * button that opens it in a modal dialog, where one item can be removed or all cleared (after a
 * confirmation). The native <dialog> traps focus, closes on Escape and returns focus to the button.
 */
export function TranslationHistory({ history, onRemove, onClear }: TranslationHistoryProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [confirming, setConfirming] = useState(false);
  const { nameOf } = useLanguageLookup();

  const close = () => dialogRef.current?.close();

  return (
    <>
      <button
        type="button"
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
        onClick={() => {
          setConfirming(false);
          dialogRef.current?.showModal();
        }}
      >
        <HistoryIcon width={16} height={16} />
        History ({history.length})
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="translation-history-title"
        // A click on the backdrop (outside the panel) closes it.
        onClick={(event) => {
          if (event.target === dialogRef.current) close();
        }}
        className="m-auto max-h-[85dvh] w-[min(36rem,calc(100vw-1.5rem))] rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id="translation-history-title" className="text-base font-semibold text-slate-900">
              Recent translations
            </h2>
            <button
              type="button"
              aria-label="Close"
              className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
              onClick={close}
            >
              <CloseIcon width={18} height={18} />
            </button>
          </div>
          <p className="px-4 pt-3 text-xs text-slate-700">
            Kept on this device only: nothing here leaves it.
          </p>
          {history.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-700">
              No translations yet. The last 50 are kept here, on this device only.
            </p>
          ) : (
            <ul
              className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto"
              data-testid="history-items"
            >
              {history.map((item) => (
                <li key={item.id} className="flex items-start gap-2 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="text-xs text-slate-600">
                      {nameOf(item.response.source_language)} → {nameOf(item.response.target_language)}
                    </p>
                    <p dir="auto" className="line-clamp-2 text-sm break-words text-slate-700">
                      {item.request.text}
                    </p>
                    <p
                      dir="auto"
                      lang={languageTag(item.response.target_language)}
                      className="line-clamp-3 text-sm break-words text-slate-900"
                    >
                      {item.response.translated_text}
                    </p>
                  </div>
                  <button
                    type="button"
                    aria-label={`Remove "${item.request.text.slice(0, 40)}" from history`}
                    className="shrink-0 rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
                    onClick={() => onRemove(item.id)}
                  >
                    <CloseIcon width={16} height={16} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {history.length > 0 && (
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-4 py-3">
              {confirming ? (
                <>
                  <p className="mr-auto text-sm text-slate-800">Clear all {history.length} translations?</p>
                  <button
                    type="button"
                    className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
                    onClick={() => setConfirming(false)}
                  >
                    Keep them
                  </button>
                  <button
                    type="button"
                    className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
                    onClick={() => {
                      onClear();
                      setConfirming(false);
                    }}
                  >
                    Clear all
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="rounded-md px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
                  onClick={() => setConfirming(true)}
                >
                  Clear history
                </button>
              )}
            </div>
          )}
        </div>
      </dialog>
    </>
  );
}
