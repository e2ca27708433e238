import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { DisplayNameForm } from '@/features/profile/components/display-name-form';
import { LocalAccountNote } from '@/features/profile/components/local-account-note';
import { ProfileSummary } from '@/features/profile/components/profile-summary';
import { useSignOut } from '@/hooks/use-sign-out';
import { useAuth } from '@/lib/auth';
import { Navigate } from '@/lib/routing';

const sectionClass = 'flex flex-col gap-4 rounded-2xl border border-slate-200 p-5 sm:p-6';

/** /profile: who is signed in, their display name, where the account is kept, and Sign Out. */
export function ProfileRoute() {
  const { user, displayName } = useAuth();
  const signOut = useSignOut();
  // Arriving signed out means "sign in first". Signing out while here (with Sign Out, or in another
  // tab) goes home instead, as Sign Out does everywhere; sending it to /login would race that.
  const [arrivedSignedIn] = useState(user !== null);

  if (!user) {
    return <Navigate to={arrivedSignedIn ? paths.home.getHref() : paths.login.getHref()} replace />;
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12">
      <title>{`Profile · ${PRODUCT_NAME}`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Profile</h1>

      <ProfileSummary displayName={displayName} email={user.email} />

      <section aria-labelledby="profile-name-heading" className={sectionClass}>
        <h2 id="profile-name-heading" className="text-lg font-semibold text-slate-900">
          Your name
        </h2>
        <DisplayNameForm user={user} />
      </section>

      <section aria-labelledby="profile-storage-heading" className={sectionClass}>
        <h2 id="profile-storage-heading" className="text-lg font-semibold text-slate-900">
          Where your account is kept
        </h2>
        <LocalAccountNote />
      </section>

      <section aria-labelledby="profile-sign-out-heading" className={sectionClass}>
        <h2 id="profile-sign-out-heading" className="text-lg font-semibold text-slate-900">
          Sign out
        </h2>
        <p className="text-slate-700">
          Sign Out signs you out of this browser. The account stays on this device with its display name, so
          you can sign in again here with the same email and password. You can keep translating and chatting
          while signed out.
        </p>
        <Button variant="secondary" className="self-start" onClick={signOut}>
          Sign Out
        </Button>
      </section>
    </div>
  );
}
