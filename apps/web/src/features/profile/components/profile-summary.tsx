import { avatarInitial } from '../display-name-input';

interface ProfileSummaryProps {
  displayName: string;
  email: string;
}

/** Who is signed in: an avatar with the name's first letter, the display name and the email. */
export function ProfileSummary({ displayName, email }: ProfileSummaryProps) {
  return (
    <div className="flex min-w-0 items-center gap-4">
      <span
        aria-hidden="true"
        className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800"
        data-testid="avatar-initial"
      >
        {avatarInitial(displayName)}
      </span>
      <dl className="flex min-w-0 flex-col gap-0.5">
        <dt className="sr-only">Display name</dt>
        <dd
          dir="auto"
          className="text-xl font-semibold break-words text-slate-900"
          data-testid="profile-name"
        >
          {displayName}
        </dd>
        <dt className="sr-only">Email</dt>
        <dd dir="auto" className="text-slate-700 [overflow-wrap:anywhere]">
          {email || 'No email stored'}
        </dd>
      </dl>
    </div>
  );
}
