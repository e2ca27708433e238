import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { cn } from '@/lib/cn';

import { AlertIcon, CheckIcon, CopyIcon } from './icons';

const labels = { idle: 'Copy', success: 'Copied', error: 'Copy failed' } as const;

export interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers: 'Copy message', 'Copy code'. */
  label: string;
  /** Also show the state as words next to the icon. */
  showText?: boolean;
  className?: string;
  /** Colours for a light (default) or dark background. */
  tone?: 'light' | 'dark';
  copy?: (text: string) => Promise<void>;
}

/** A copy button whose icon and name show success or failure for two seconds. */
const tones = {
  light: {
    idle: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
    success: 'text-green-700',
    error: 'text-red-700',
  },
  dark: {
    idle: 'text-slate-200 hover:bg-slate-800 hover:text-white',
    success: 'text-green-300',
    error: 'text-red-300',
  },
} as const;

export function CopyButton({
  text,
  label,
  showText = false,
  className,
  tone = 'light',
  copy,
}: CopyButtonProps) {
  const { state, copy: run } = useCopyFeedback(copy);
  const name = state === 'idle' ? label : labels[state];
  return (
    <>
      <button
        type="button"
        className={cn(
          'inline-flex items-center gap-1.5 rounded-md p-1.5 text-xs font-medium',
          tones[tone][state],
          className,
        )}
        aria-label={showText ? undefined : name}
        data-copy-state={state}
        onClick={() => void run(text)}
      >
        {state === 'success' ? (
          <CheckIcon width={16} height={16} />
        ) : state === 'error' ? (
          <AlertIcon width={16} height={16} />
        ) : (
          <CopyIcon width={16} height={16} />
        )}
        {/* On a phone the word is for screen readers only, so the button leaves room for the tabs. */}
        {showText && <span className="sr-only sm:not-sr-only">{labels[state]}</span>}
      </button>
      {/* The change is announced without moving focus. */}
      <span className="sr-only" role="status">
        {state === 'idle' ? '' : labels[state]}
      </span>
    </>
  );
}
