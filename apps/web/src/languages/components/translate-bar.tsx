import { AUTO } from '@sema/shared/validation';
import { useState } from 'react';

import { SwapIcon } from '@/components/ui/icons';

import { useLanguageLookup } from '../hooks/use-language-lookup';

import { LanguagePicker, type PickerKind } from './language-picker';

interface TranslateBarProps {
  source: string;
  target: string;
  onSourceChange: (code: string) => void;
  onTargetChange: (code: string) => void;
  /** The language found in the text being typed, shown beside Auto Detect. */
  detectedSource?: string;
  /**
   * A language the detector found nearly as likely (a close neighbour of the detected one): offered
   * under the bar, so that one tap makes it the source.
   */
  detectedNear?: string;
  /**
   * Why the text cannot be sent as it is (it is already in the target language): shown under the
   * bar with a button that opens the target picker.
   */
  sameLanguageNote?: string;
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
  detectedNear,
  sameLanguageNote,
}: TranslateBarProps) {
  const [openPicker, setOpenPicker] = useState<PickerKind | null>(null);
  const { nameOf } = useLanguageLookup();
  const setOpen = (kind: PickerKind) => (open: boolean) =>
    setOpenPicker((current) => (open ? kind : current === kind ? null : current));

  const bar = (
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
        pairSource={source === AUTO ? detectedSource : source}
        onChange={onTargetChange}
        open={openPicker === 'target'}
        onOpenChange={setOpen('target')}
        align="end"
      />
    </div>
  );
  const near =
    source === AUTO && detectedSource && detectedNear ? (
      <p
        data-testid="detected-near"
        className="flex flex-wrap items-center gap-2 px-1 text-sm text-slate-700"
      >
        <span>
          Detected {nameOf(detectedSource)}, but it could be {nameOf(detectedNear)}.
        </span>
        <button
          type="button"
          className="rounded-md px-2 py-1 font-medium text-slate-900 underline hover:bg-slate-100"
          onClick={() => onSourceChange(detectedNear)}
        >
          Use {nameOf(detectedNear)}
        </button>
      </p>
    ) : null;
  if (!sameLanguageNote && !near) return bar;
  if (!sameLanguageNote) {
    return (
      <div className="flex flex-col gap-2">
        {bar}
        {near}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {bar}
      {near}
      <p
        role="status"
        data-testid="same-language-notice"
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950"
      >
        <span>{sameLanguageNote}</span>
        <button
          type="button"
          className="shrink-0 rounded-md px-2 py-1 font-medium text-amber-950 underline hover:bg-amber-100"
          onClick={() => setOpenPicker('target')}
        >
          Choose language
        </button>
      </p>
    </div>
  );
}
