import { PRODUCT_NAME } from '@/config/constants';

/**
 * Where the account lives, said plainly: sign-in is the spec's local-only demo (parts 3 and 6), so
 * people should not mistake it for an account that protects or syncs anything.
 */
export function LocalAccountNote() {
  return (
    <div className="flex flex-col gap-3 text-slate-700">
      <p>
        Your account exists only in this browser on this device. {PRODUCT_NAME} keeps your email, your display
        name and that you are signed in here, in the browser's own storage.
      </p>
      <p>
        Nothing of it is sent to a server: there is no account server. Your password was checked on this
        device when you signed in, and it is not kept anywhere. An account made at sign-up keeps only a
        scrambled form of it, which can check a password but cannot be turned back into one, so that you can
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
