import { Fragment } from 'react';

import { avatarInitial } from '../display-name-input';

interface ProfileSummaryProps {
  displayName: string;
  email: string;
}

/** Lets a long email wrap after its @ and before its dots rather than inside a word. */
function withLineBreaks(email: string) {
  return email.split(/(?<=@)|(?=\.)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** Who is signed in: an avatar with the name's first letter, the display name and the email. */
export function ProfileSummary({ displayName, email }: ProfileSummaryProps) {
  return (
    <div className="flex min-w-0 items-center gap-4">
      <span
        aria-hidden="true"
        className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800 sm:size-16"
        data-testid="avatar-initial"
      >
        {avatarInitial(displayName)}
      </span>
      {/* <bdi dir="auto">: a right-to-left name reads right to left yet stays aligned with the page. */}
      <dl className="flex min-w-0 flex-col gap-0.5">
        <dt className="sr-only">Display name</dt>
        <dd className="text-xl font-semibold [overflow-wrap:anywhere] text-slate-900">
          <bdi dir="auto" data-testid="profile-name">
            {displayName}
          </bdi>
        </dd>
        <dt className="sr-only">Email</dt>
        <dd className="text-slate-700 [overflow-wrap:anywhere]">
          {email ? <bdi dir="auto">{withLineBreaks(email)}</bdi> : 'No email stored'}
        </dd>
      </dl>
    </div>
  );
}
