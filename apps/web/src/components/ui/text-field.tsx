import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

import { AlertIcon, EyeIcon, EyeOffIcon } from './icons';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Always shown under the field (e.g. 'Must be at least 8 characters'). */
  hint?: ReactNode;
  /** Why the value was refused; shown under the field, announced, and marks the field invalid. */
  error?: string | null;
  /** Adds a show/hide button, for passwords. */
  revealable?: boolean;
}

/** A labelled input whose hint and error are announced with it; passwords get a show/hide toggle. */
export function TextField({ label, hint, error, revealable, type = 'text', ...props }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const [revealed, setRevealed] = useState(false);
  const inputType = revealable ? (revealed ? 'text' : 'password') : type;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={inputType}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 aria-invalid:border-red-700"
          style={revealable ? { paddingInlineEnd: '2.75rem' } : undefined}
          {...props}
        />
        {revealable && (
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
            aria-label={revealed ? 'Hide password' : 'Show password'}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="flex items-start gap-1.5 text-sm font-medium text-red-800">
          <AlertIcon width={18} height={18} className="mt-px shrink-0" />
          <span>{error}</span>
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
