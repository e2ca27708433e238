import { MESSAGES, MIN_PASSWORD_LENGTH } from '@sema/shared/validation';
import { useState, type FormEvent } from 'react';

import { paths } from '@/config/paths';
import { saveUser } from '@/lib/auth';

import {
  AuthForm,
  EmailField,
  PasswordField,
  RequiredField,
  saveThen,
  SubmitButton,
  SwitchPrompt,
} from './auth-fields';
import { rememberAccount } from '@/lib/local-accounts';

/**
 * Account creation, local only: it checks the fields, remembers the account on this
 * device (so it can sign in again) and signs in; it fails only when local storage refuses the write.
 */
export function SignupForm({ onSuccess }: { onSuccess: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The browser enforces these too; this keeps the rule when it cannot (scripts, old browsers).
    if (!name.trim() || !email.trim() || password.length < MIN_PASSWORD_LENGTH) {
      setError(
        password.length < MIN_PASSWORD_LENGTH
          ? `Password: ${MESSAGES.passwordTooShort}`
          : 'Please fill in every field.',
      );
      return;
    }
    saveThen(
      () => {
        rememberAccount({ email, name: name.trim(), password });
        saveUser({ email: email.trim(), name: name.trim() });
      },
      onSuccess,
      setError,
    );
  };

  return (
    <AuthForm onSubmit={submit} error={error}>
      <RequiredField label="Full Name" name="name" autoComplete="name" value={name} onChange={setName} />
      <EmailField value={email} onChange={setEmail} />
      <PasswordField
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        hint={MESSAGES.passwordTooShort}
      />
      <SubmitButton>Sign Up</SubmitButton>
      <SwitchPrompt question="Already have an account?" to={paths.login.getHref()}>
        Login
      </SwitchPrompt>
    </AuthForm>
  );
}
