import { DeviceListDialog, RemoveItemButton } from '@/components/ui/device-list-dialog';
import { languageTag, useLanguageLookup } from '@/languages';
import { allOf } from '@/lib/count-words';

import type { TranslationHistoryItem } from '../translation-state';

export interface TranslationHistoryProps {
  history: readonly TranslationHistoryItem[];
  onRemove: (id: string) => void;
  onClear: () => void;
}

/**
 * The translation history (the last 50, newest first, kept on this device) in a modal dialog, where
 * one item can be removed or all cleared (after a confirmation). Its own chunk (`TranslationHistory`
 * fetches it ahead).
 */
export function TranslationHistoryDialog({ history, onRemove, onClear }: TranslationHistoryProps) {
  const { nameOf } = useLanguageLookup();

  return (
    <DeviceListDialog
      title="Recent translations"
      count={history.length}
      empty="No translations yet. The last 50 are kept here, on this device only."
      listTestId="history-items"
      clearAll={{
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
  );
}
