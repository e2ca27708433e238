import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { Link } from '@/lib/routing';

/** The reset request. Nothing is sent anywhere: sign-in is local to this browser. */
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
        <p role="status" className="rounded-lg bg-green-50 px-3 py-3 text-sm text-green-900">
          If an account exists with {sentTo}, we've sent instructions to reset your password.
        </p>
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
        Send Reset Link
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
