import { useState } from 'react';

import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { shareOrCopy } from '@/lib/share';

import { AlertIcon, CheckIcon, ShareIcon } from './icons';

interface ShareButtonProps {
  /** The Markdown shared (or copied where the browser cannot share). */
  markdown: () => string;
  /** What is shared, for screen readers and as the visible text when `showText` is set. */
  label: string;
  showText?: boolean;
}

/** Shares as Markdown with the system's share sheet, or copies it; says which for two seconds. */
export function ShareButton({ markdown, label, showText = false }: ShareButtonProps) {
  const [outcome, setOutcome] = useState<'shared' | 'copied'>('copied');
  const { state, copy } = useCopyFeedback(async (text) => {
    setOutcome(await shareOrCopy(text, 'Sema'));
  });
  const done = outcome === 'shared' ? 'Shared' : 'Copied as Markdown';
  const name = state === 'idle' ? label : state === 'success' ? done : 'Sharing failed';
  return (
    <>
      <button
        type="button"
        aria-label={showText ? undefined : name}
        data-share-state={state}
        className="inline-flex items-center gap-1.5 rounded-md p-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        onClick={() => void copy(markdown())}
      >
        {state === 'success' ? (
          <CheckIcon width={16} height={16} />
        ) : state === 'error' ? (
          <AlertIcon width={16} height={16} />
        ) : (
          <ShareIcon width={16} height={16} />
        )}
        {showText && <span>{name}</span>}
      </button>
      <span className="sr-only" role="status">
        {state === 'idle' ? '' : name}
      </span>
    </>
  );
}
