import type { ReactNode } from 'react';

import { cn } from '@/lib/cn';
import { Link } from '@/lib/routing';

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-slate-300 text-slate-800 hover:bg-slate-50',
  quiet: 'text-brand-700 hover:bg-brand-50',
} as const;

const sizes = { md: 'px-4 py-2.5', sm: 'px-3.5 py-2 text-sm' } as const;

/** A link to another page of the app that looks like a button (a call to action). */
export function ButtonLink({
  to,
  variant = 'primary',
  size = 'md',
  className,
  children,
}: {
  to: string;
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={cn('rounded-lg font-semibold', variants[variant], sizes[size], className)}>
      {children}
    </Link>
  );
}
