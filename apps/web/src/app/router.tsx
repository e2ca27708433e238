import { lazy, Suspense, type ComponentType } from 'react';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AuthLayout } from '@/app/layouts/auth-layout';
import { MainLayout } from '@/app/layouts/main-layout';
import { paths } from '@/config/paths';
import { matchPath, Outlet, Route, Routes, useLocation } from '@/lib/routing';

import { RouteError } from './routes/route-error';

type PageModule = Promise<{ default: ComponentType }>;

interface PageRoute {
  path: string;
  layout: 'main' | 'auth';
  load: () => PageModule;
}

/** Each page is its own chunk, fetched when first needed (the first page's while the splash shows). */
const pages: readonly PageRoute[] = [
  {
    path: paths.home.path,
    layout: 'main',
    load: () => import('./routes/home/home-route').then((m) => ({ default: m.HomeRoute })),
  },
  {
    path: paths.about.path,
    layout: 'main',
    load: () => import('./routes/about').then((m) => ({ default: m.AboutRoute })),
  },
  {
    path: paths.developer.path,
    layout: 'main',
    load: () => import('./routes/developer').then((m) => ({ default: m.DeveloperRoute })),
  },
  {
    path: paths.profile.path,
    layout: 'main',
    load: () => import('./routes/profile').then((m) => ({ default: m.ProfileRoute })),
  },
  {
    path: paths.login.path,
    layout: 'auth',
    load: () => import('./routes/auth/login').then((m) => ({ default: m.LoginRoute })),
  },
  {
    path: paths.signup.path,
    layout: 'auth',
    load: () => import('./routes/auth/signup').then((m) => ({ default: m.SignupRoute })),
  },
  {
    path: paths.forgotPassword.path,
    layout: 'auth',
    load: () => import('./routes/auth/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })),
  },
];

const notFoundPage = { load: () => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })) };

/** Starts loading the page for a path and resolves when its chunk is in (or failed: the page shows why). */
export function preloadPage(pathname: string): Promise<void> {
  const page = pages.find((route) => matchPath(route.path, pathname)) ?? notFoundPage;
  return page.load().then(
    () => undefined,
    () => undefined,
  );
}

const lazyPages = pages.map((page) => ({ ...page, Component: lazy(page.load) }));
const NotFound = lazy(notFoundPage.load);

/** The layout's page slot: a failed or slow chunk shows there, the header stays. */
function PageSlot() {
  const location = useLocation();
  return (
    <ErrorBoundary fallback={<RouteError />} resetKey={location.pathname}>
      <Suspense fallback={<div className="flex-1" aria-busy="true" />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route element={<PageSlot />}>
          {lazyPages
            .filter((page) => page.layout === 'main')
            .map(({ path, Component }) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
      <Route element={<AuthLayout />}>
        <Route element={<PageSlot />}>
          {lazyPages
            .filter((page) => page.layout === 'auth')
            .map(({ path, Component }) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
        </Route>
      </Route>
    </Routes>
  );
}
