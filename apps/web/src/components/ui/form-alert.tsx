import type { ReactNode } from 'react';

import { AlertIcon } from './icons';

/** An error line announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800">
      <AlertIcon width={18} height={18} className="mt-px shrink-0" />
      <span>{children}</span>
    </p>
  );
}
