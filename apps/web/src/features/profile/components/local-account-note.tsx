import { PRODUCT_NAME } from '@/config/constants';
import { ACCOUNTS_STORAGE_KEY, USER_STORAGE_KEY } from '@/lib/auth';

/**
 * Where the account lives, said plainly: sign-in is the spec's local-only demo (parts 3 and 6), so
 * people should not mistake it for an account that protects or syncs anything.
 */
export function LocalAccountNote() {
  return (
    <div className="flex flex-col gap-3 text-slate-700">
      <p>
        Your account exists only in this browser on this device. {PRODUCT_NAME} keeps it in the browser's
        local storage, in one entry (
        <code className="rounded bg-slate-100 px-1 text-sm">{USER_STORAGE_KEY}</code>) holding your email,
        your display name and that you are signed in.
      </p>
      <p>
        Nothing of it is sent to a server: there is no account server. Your password was checked on this
        device when you signed in, and the password itself is not stored anywhere: an account made at sign-up
        keeps only a salted hash of it (in{' '}
        <code className="rounded bg-slate-100 px-1 text-sm">{ACCOUNTS_STORAGE_KEY}</code>), so that you can
        sign in again here. This is a simple local sign-in, not a protected account: anyone using this browser
        can open it.
      </p>
      <p>
        Other browsers and devices do not know this account, and clearing this site's data in your browser
        deletes it.
      </p>
    </div>
  );
}
