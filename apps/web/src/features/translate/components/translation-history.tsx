import { useRef, useState } from 'react';

import { DeviceListButton, DeviceListDialog, RemoveItemButton } from '@/components/ui/device-list-dialog';
import { HistoryIcon } from '@/components/ui/icons';
import { languageTag, useLanguageLookup } from '@/languages';
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
      <DeviceListButton
        icon={<HistoryIcon width={16} height={16} />}
        onClick={() => {
          setConfirming(false);
          dialogRef.current?.showModal();
        }}
      >
        History ({history.length})
      </DeviceListButton>
      <DeviceListDialog
        dialogRef={dialogRef}
        titleId="translation-history-title"
        title="Recent translations"
        count={history.length}
        empty="No translations yet. The last 50 are kept here, on this device only."
        listTestId="history-items"
        clearAll={{
          confirming,
          onConfirmingChange: setConfirming,
          askLabel: 'Clear history',
          question: `Clear ${allOf(history.length, 'translation')}?`,
          confirmLabel: 'Clear all',
          onConfirm: onClear,
        }}
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
            <RemoveItemButton
              label={`Remove "${item.request.text.slice(0, 40)}" from history`}
              onClick={() => onRemove(item.id)}
            />
          </li>
        ))}
      </DeviceListDialog>
    </>
  );
}
