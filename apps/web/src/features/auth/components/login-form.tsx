import { MESSAGES } from '@sema/shared/validation';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { saveUser } from '@/lib/auth';

import { matchesDemoAccount } from '../demo-accounts';

/** Sign-in against the local demo accounts; success stores the user and calls `onSuccess`. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matchesDemoAccount(email, password)) {
      setError(MESSAGES.invalidLogin);
      return;
    }
    try {
      saveUser({ email: email.trim() });
      onSuccess();
    } catch {
      setError(MESSAGES.signupFailed);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      {error && <FormAlert>{error}</FormAlert>}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        revealable
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="-mt-2 text-right">
        <Link
          to={paths.forgotPassword.getHref()}
          className="rounded text-sm font-medium text-brand-700 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full">
        Login
      </Button>
      <p className="text-center text-sm text-slate-700">
        Don't have an account?{' '}
        <Link to={paths.signup.getHref()} className="rounded font-medium text-brand-700 hover:underline">
          Sign Up
        </Link>
      </p>
    </form>
  );
}
