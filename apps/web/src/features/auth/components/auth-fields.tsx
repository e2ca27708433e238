import { MESSAGES } from '@sema/shared/validation';
import type { FormEvent, ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { Link } from '@/lib/routing';

/** An auth form: its fields in a column, under the alert of its last error. */
export function AuthForm({
  onSubmit,
  error,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      {error && <FormAlert>{error}</FormAlert>}
      {children}
    </form>
  );
}

/**
 * Saves the account in this browser and then calls `onSuccess`; a write local storage refuses
 * becomes the form's error instead.
 */
export function saveThen(save: () => void, onSuccess: () => void, setError: (message: string) => void) {
  try {
    save();
    onSuccess();
  } catch {
    setError(MESSAGES.signupFailed);
  }
}

/** A required one-line field, as the auth forms ask them. */
export function RequiredField({
  onChange,
  ...field
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return <TextField {...field} required onChange={(e) => onChange(e.target.value)} />;
}

/** The email field every auth form asks first. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <RequiredField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      value={value}
      onChange={onChange}
    />
  );
}

/** A password field that can be shown; `autoComplete` tells password managers whether it is new. */
export function PasswordField({
  value,
  onChange,
  autoComplete,
  minLength,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  minLength?: number;
  hint?: ReactNode;
}) {
  return (
    <TextField
      label="Password"
      name="password"
      autoComplete={autoComplete}
      required
      minLength={minLength}
      revealable
      hint={hint}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A form's full-width submit button. */
export function SubmitButton({ children }: { children: ReactNode }) {
  return (
    <Button type="submit" className="w-full">
      {children}
    </Button>
  );
}

const LINK_CLASS = 'rounded text-sm font-medium text-brand-700 hover:underline';

/** A link between the auth pages, on its own line (centred) or inline. */
export function AuthLink({ to, children, inline }: { to: string; children: ReactNode; inline?: boolean }) {
  return (
    <Link
      to={to}
      className={inline ? 'rounded font-medium text-brand-700 hover:underline' : `${LINK_CLASS} text-center`}
    >
      {children}
    </Link>
  );
}

/** The line under a form that sends to the other one: "Don't have an account? Sign Up". */
export function SwitchPrompt({
  question,
  to,
  children,
}: {
  question: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <p className="text-center text-sm text-slate-700">
      {question}{' '}
      <AuthLink to={to} inline>
        {children}
      </AuthLink>
    </p>
  );
}
