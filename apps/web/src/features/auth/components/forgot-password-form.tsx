import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { Link } from '@/lib/routing';

import { DEMO_ACCOUNTS } from '../demo-accounts';

const isDemoEmail = (email: string) =>
  DEMO_ACCOUNTS.some((account) => account.email === email.trim().toLowerCase());

/**
 * The reset request, told truthfully: nothing can be sent (sign-in is local to this browser), so it
 * says how to get back in instead: a demo account's password is on the login page, and signing up
 * again with the same email gives an account made here a new password.
 */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(email.trim());
  };

  if (sentTo !== null) {
    return (
      <div className="flex flex-col gap-5">
        <p role="status" className="rounded-lg bg-slate-100 px-3 py-3 text-sm text-slate-800">
          No email was sent.{' '}
          {isDemoEmail(sentTo) ? (
            <>{sentTo} is a demo account: its password is shown on the login page.</>
          ) : (
            <>
              To use {sentTo} with a new password, sign up again with it in this browser: the new password
              replaces the old one here. An account made in another browser is only known there.
            </>
          )}
        </p>
        <Link
          to={paths.signup.getHref()}
          className="rounded text-center text-sm font-medium text-brand-700 hover:underline"
        >
          Sign up again
        </Link>
        <Link
          to={paths.login.getHref()}
          className="rounded text-center text-sm font-medium text-brand-700 hover:underline"
        >
          Back to login
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" className="w-full">
        Continue
      </Button>
      <Link
        to={paths.login.getHref()}
        className="rounded text-center text-sm font-medium text-brand-700 hover:underline"
      >
        Back to login
      </Link>
    </form>
  );
}
