import { AUTO } from '@sema/shared/validation';
import { useState } from 'react';

import { SwapIcon } from '@/components/ui/icons';

import { LanguagePicker, type PickerKind } from './language-picker';

interface TranslateBarProps {
  source: string;
  target: string;
  onSourceChange: (code: string) => void;
  onTargetChange: (code: string) => void;
  /** The language found in the text being typed, shown beside Auto Detect. */
  detectedSource?: string;
}

/**
 * Source, swap and target. Only one picker is open at a time, and swapping is
 * impossible while the source is Auto Detect (there is no language to move to the target).
 */
export function TranslateBar({
  source,
  target,
  onSourceChange,
  onTargetChange,
  detectedSource,
}: TranslateBarProps) {
  const [openPicker, setOpenPicker] = useState<PickerKind | null>(null);
  const setOpen = (kind: PickerKind) => (open: boolean) =>
    setOpenPicker((current) => (open ? kind : current === kind ? null : current));

  return (
    <div className="relative flex items-center gap-2" role="group" aria-label="Languages">
      <LanguagePicker
        kind="source"
        value={source}
        detected={detectedSource}
        onChange={onSourceChange}
        open={openPicker === 'source'}
        onOpenChange={setOpen('source')}
      />
      <button
        type="button"
        className="shrink-0 rounded-full p-2 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400"
        aria-label="Swap languages"
        title={source === AUTO ? 'Choose a source language to swap' : 'Swap languages'}
        disabled={source === AUTO}
        onClick={() => {
          onSourceChange(target);
          onTargetChange(source);
        }}
      >
        <SwapIcon />
      </button>
      <LanguagePicker
        kind="target"
        value={target}
        onChange={onTargetChange}
        open={openPicker === 'target'}
        onOpenChange={setOpen('target')}
        align="end"
      />
    </div>
  );
}
