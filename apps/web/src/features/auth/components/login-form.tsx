import { MESSAGES } from '@sema/shared/validation';
import { useState, type FormEvent } from 'react';

import { paths } from '@/config/paths';
import { saveUser } from '@/lib/auth';

import {
  AuthForm,
  AuthLink,
  EmailField,
  PasswordField,
  saveThen,
  SubmitButton,
  SwitchPrompt,
} from './auth-fields';
import { DEMO_ACCOUNTS, matchesDemoAccount } from '../demo-accounts';
import { findAccount, rememberedDisplayName } from '@/lib/local-accounts';

/**
 * Sign-in against the two demo accounts or an account created on this device (all local); success
 * stores the user and calls `onSuccess`.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const demoName = rememberedDisplayName(email);
    const account = matchesDemoAccount(email, password)
      ? { email: email.trim(), ...(demoName ? { name: demoName } : {}) }
      : findAccount(email, password);
    if (!account) {
      setError(MESSAGES.invalidLogin);
      return;
    }
    saveThen(() => saveUser(account), onSuccess, setError);
  };

  return (
    <AuthForm onSubmit={submit} error={error}>
      <div className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700" data-testid="demo-accounts">
        <p>
          Sign-in stays in this browser: nothing is sent to a server. Use a demo account, or one you created
          here:
        </p>
        <ul className="mt-1.5 flex flex-col gap-1">
          {DEMO_ACCOUNTS.map((account) => (
            <li key={account.email} className="flex flex-wrap items-center gap-x-2">
              <span className="font-mono text-xs text-slate-900">
                {account.email} · {account.password}
              </span>
              <button
                type="button"
                className="inline-flex min-h-6 items-center rounded text-xs font-medium text-brand-700 hover:underline"
                onClick={() => {
                  setEmail(account.email);
                  setPassword(account.password);
                  setError(null);
                }}
              >
                Use this account
              </button>
            </li>
          ))}
        </ul>
      </div>
      <EmailField value={email} onChange={setEmail} />
      <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
      <div className="-mt-2 text-right">
        <AuthLink to={paths.forgotPassword.getHref()}>Forgot password?</AuthLink>
      </div>
      <SubmitButton>Login</SubmitButton>
      <SwitchPrompt question="Don't have an account?" to={paths.signup.getHref()}>
        Sign Up
      </SwitchPrompt>
    </AuthForm>
  );
}
