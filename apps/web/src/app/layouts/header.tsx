import { Suspense, useEffect, useState } from 'react';

import { ButtonLink } from '@/components/ui/button-link';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { ChevronDownIcon, MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useSignOut } from '@/hooks/use-sign-out';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { lazyComponent, whenIdle } from '@/lib/lazy';
import { NavLink, useNavigate } from '@/lib/routing';

import { useAppActions } from './app-actions';
import { HomeLink } from './home-link';
import { UserBadge } from './user-badge';

/** The small-screen menu is fetched when the browser is idle or the menu button is pointed at. */
const MobileMenu = lazyComponent(() => import('./mobile-menu').then((module) => module.MobileMenu));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** The shared header: a link row on wide screens, a menu on small ones. */
export function Header() {
  const { user, displayName } = useAuth();
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const actions = useAppActions();
  useEffect(() => whenIdle(() => void MobileMenu.preload()), []);

  return (
    <header className="sticky top-0 z-20 h-14 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-3 px-4">
        <HomeLink className="text-lg" />

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={linkClass({ isActive: false })}
              onClick={action.onSelect}
            >
              {action.label}
            </button>
          ))}
          <NavLink to={paths.developer.getHref()} className={linkClass}>
            API documentation
          </NavLink>
          <NavLink to={paths.about.getHref()} className={linkClass}>
            About
          </NavLink>
          {user ? (
            <DropdownMenu
              triggerClassName="ml-2 flex items-center gap-2 rounded-full border border-slate-200 py-1 pr-2.5 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
              trigger={
                <>
                  <UserBadge name={displayName} testId="display-name" />
                  <ChevronDownIcon width={16} height={16} />
                </>
              }
              header={
                <p className="truncate border-b border-slate-100 px-3 pt-1.5 pb-2 text-xs text-slate-600">
                  Signed in as{' '}
                  <bdi dir="auto" className="font-medium text-slate-800">
                    {displayName}
                  </bdi>
                </p>
              }
              items={[
                { label: 'Profile', onSelect: () => void navigate(paths.profile.getHref()) },
                { label: 'Sign Out', onSelect: signOut },
              ]}
            />
          ) : (
            <>
              <NavLink to={paths.login.getHref()} className={linkClass}>
                Login
              </NavLink>
              <ButtonLink to={paths.signup.getHref()} size="sm" className="ml-1">
                Sign Up
              </ButtonLink>
            </>
          )}
        </nav>

        <button
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label="Open menu"
          aria-expanded={mobileOpen}
          aria-haspopup="dialog"
          onPointerEnter={() => void MobileMenu.preload()}
          onFocus={() => void MobileMenu.preload()}
          onClick={() => setMobileOpen(true)}
        >
          <MenuIcon />
        </button>
      </div>
      {mobileOpen && (
        <Suspense>
          <MobileMenu
            actions={actions}
            displayName={user ? displayName : null}
            onClose={() => setMobileOpen(false)}
            onSignOut={() => {
              setMobileOpen(false);
              signOut();
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
