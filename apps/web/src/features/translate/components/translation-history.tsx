import { useRef, useState } from 'react';

import { ClearAllFooter, DeviceListDialog } from '@/components/ui/device-list-dialog';
import { CloseIcon, HistoryIcon } from '@/components/ui/icons';
import { languageTag, useLanguageLookup } from '@/features/languages';
import { allOf } from '@/lib/count-words';

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
      <DeviceListDialog
        dialogRef={dialogRef}
        titleId="translation-history-title"
        title="Recent translations"
        footer={
          history.length > 0 && (
            <ClearAllFooter
              confirming={confirming}
              onConfirmingChange={setConfirming}
              askLabel="Clear history"
              question={`Clear ${allOf(history.length, 'translation')}?`}
              confirmLabel="Clear all"
              onConfirm={onClear}
            />
          )
        }
      >
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
      </DeviceListDialog>
    </>
  );
}
