import { useState, type FormEvent } from 'react';

import { paths } from '@/config/paths';

import { AuthForm, AuthLink, EmailField, SubmitButton } from './auth-fields';
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
        <AuthLink to={paths.signup.getHref()}>Sign up again</AuthLink>
        <AuthLink to={paths.login.getHref()}>Back to login</AuthLink>
      </div>
    );
  }

  return (
    <AuthForm onSubmit={submit}>
      <EmailField value={email} onChange={setEmail} />
      <SubmitButton>Continue</SubmitButton>
      <AuthLink to={paths.login.getHref()}>Back to login</AuthLink>
    </AuthForm>
  );
}
