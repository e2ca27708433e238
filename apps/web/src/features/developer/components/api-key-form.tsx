import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { storedApiKey, storeApiKey } from '@/lib/api-key';

/**
 * Where a visitor pastes the API key this server asks for (SEMA_WEB_ACCESS=key): kept in this
 * browser only and sent with every translation, chat and document request.
 */
export function ApiKeyForm() {
  const [value, setValue] = useState(() => storedApiKey() ?? '');
  const [kept, setKept] = useState(() => storedApiKey() !== null);
  const [saved, setSaved] = useState<'kept' | 'forgotten' | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    storeApiKey(value);
    const isKept = value.trim() !== '';
    setKept(isKept);
    setSaved(isKept ? 'kept' : 'forgotten');
  };

  const forget = () => {
    storeApiKey(null);
    setValue('');
    setKept(false);
    setSaved('forgotten');
  };

  return (
    <form onSubmit={submit} className="flex max-w-xl flex-col gap-3" aria-label="Your API key">
      <TextField
        label="Your API key for this server"
        hint="This server asks for a key, even in this web app. It is kept in this browser only and sent with each request."
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setSaved(null);
        }}
        autoComplete="off"
        spellCheck={false}
        revealable
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit">Save key</Button>
        {kept && (
          <Button variant="secondary" onClick={forget}>
            Forget key
          </Button>
        )}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {saved === 'kept' ? 'Saved: translations from this browser now use your key.' : ''}
        {saved === 'forgotten' ? 'Forgotten: no key is kept in this browser.' : ''}
      </p>
    </form>
  );
}
