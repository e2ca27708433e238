import { useEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

import { CloseIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { Link } from '@/lib/routing';

import type { AppAction } from './app-actions';
import { UserBadge } from './user-badge';

interface MobileMenuProps {
  /** Conversations, Install app …: each closes the menu when chosen. */
  actions: readonly AppAction[];
  /** The signed-in user's display name, or null when signed out. */
  displayName: string | null;
  onClose: () => void;
  onSignOut: () => void;
}

const itemClass =
  'block w-full rounded-lg px-3 py-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100';

/**
 * The small-screen menu: a modal panel over an overlay. Tapping the overlay, Escape, or choosing an
 * entry closes it; focus stays inside while it is open and goes back to the menu button after.
 */
export function MobileMenu({ actions, displayName, onClose, onSignOut }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>('a, button')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  // Rendered at the end of <body>: the header's backdrop blur would otherwise become the containing
  // block of this fixed overlay and shrink it to the header's height.
  return createPortal(
    <div className="fixed inset-0 z-40 md:hidden" onKeyDown={onKeyDown}>
      <div
        className="absolute inset-0 bg-slate-900/40"
        data-testid="menu-overlay"
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 right-0 flex w-72 max-w-[85vw] flex-col gap-1 bg-white p-3 shadow-xl"
      >
        <div className="mb-2 flex items-center justify-between">
          {displayName ? (
            <p className="flex min-w-0 items-center gap-2 px-2 text-sm font-semibold text-slate-800">
              <UserBadge name={displayName} testId="display-name-mobile" roomy />
            </p>
          ) : (
            <span />
          )}
          <button
            type="button"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            aria-label="Close menu"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Main" className="flex flex-col gap-1">
          {displayName === null && (
            <>
              <Link to={paths.login.getHref()} className={itemClass} onClick={onClose}>
                Login
              </Link>
              <Link to={paths.signup.getHref()} className={itemClass} onClick={onClose}>
                Sign Up
              </Link>
            </>
          )}
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={itemClass}
              onClick={() => {
                onClose();
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          ))}
          <Link to={paths.developer.getHref()} className={itemClass} onClick={onClose}>
            API documentation
          </Link>
          <Link to={paths.about.getHref()} className={itemClass} onClick={onClose}>
            About
          </Link>
          {displayName !== null && (
            <>
              <Link to={paths.profile.getHref()} className={itemClass} onClick={onClose}>
                Profile
              </Link>
              <button type="button" className={itemClass} onClick={onSignOut}>
                Sign Out
              </button>
            </>
          )}
        </nav>
      </div>
    </div>,
    document.body,
  );
}
