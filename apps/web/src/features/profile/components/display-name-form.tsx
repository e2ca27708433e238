import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { rememberDisplayName } from '@/lib/local-accounts';
import { displayNameOf, emailName, renameUser, type StoredUser } from '@/lib/auth';

import { checkDisplayName, MAX_DISPLAY_NAME_LENGTH } from '../display-name-input';

/**
 * Changes the name the header shows. The stored record is the only state: saving writes it, and the
 * header (in this tab and, through the storage event, in others) follows.
 */
export function DisplayNameForm({ user }: { user: StoredUser }) {
  const storedName = user.name ?? '';
  const [value, setValue] = useState(storedName);
  const [seenStoredName, setSeenStoredName] = useState(storedName);
  const [error, setError] = useState<string | null>(null);
  // The name shown after the last save, for the confirmation; null once the field is edited again.
  const [saved, setSaved] = useState<{ shown: string; fromEmail: boolean } | null>(null);

  // Renamed elsewhere (another tab): show the new name, unless the user has started typing here.
  if (storedName !== seenStoredName) {
    setSeenStoredName(storedName);
    if (value === seenStoredName) setValue(storedName);
  }

  const fromEmail = emailName(user.email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const check = checkDisplayName(value);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    try {
      renameUser(check.name);
      // Also for the next sign-in here, so signing out and in again keeps it.
      rememberDisplayName(user.email, check.name);
    } catch {
      setError('Your name could not be saved: this browser refused to store it.');
      return;
    }
    setError(null);
    setValue(check.name ?? '');
    setSeenStoredName(check.name ?? '');
    setSaved({
      shown: displayNameOf({ email: user.email, name: check.name }),
      fromEmail: !check.name && Boolean(fromEmail),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label="Display name"
        name="name"
        autoComplete="name"
        dir="auto"
        value={value}
        placeholder={fromEmail || undefined}
        error={error}
        hint={
          fromEmail ? (
            <>
              Up to {MAX_DISPLAY_NAME_LENGTH} characters. Leave it empty to use the name from your email,{' '}
              <bdi className="[overflow-wrap:anywhere]">{fromEmail}</bdi>.
            </>
          ) : (
            `Up to ${MAX_DISPLAY_NAME_LENGTH} characters.`
          )
        }
        onChange={(event) => {
          setValue(event.target.value);
          setSaved(null);
        }}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit">Save</Button>
        {/* Always in the page, so screen readers announce the message when it appears. */}
        <p role="status" className="min-w-0 text-sm font-medium text-green-800 [overflow-wrap:anywhere]">
          {saved && (
            <>
              Saved. {saved.fromEmail ? 'Your name now comes from your email:' : 'You are shown as'}{' '}
              <bdi>{saved.shown}</bdi>.
            </>
          )}
        </p>
      </div>
    </form>
  );
}
