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

/** A route to a page module's named component, which `lazy` wants as the module's default. */
function page<K extends string>(
  path: string,
  layout: PageRoute['layout'],
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): PageRoute {
  return { path, layout, load: () => load().then((module) => ({ default: module[name] })) };
}

/** Each page is its own chunk, fetched when first needed (the first page's while the splash shows). */
const pages: readonly PageRoute[] = [
  page(paths.home.path, 'main', () => import('./routes/home/home-route'), 'HomeRoute'),
  page(paths.about.path, 'main', () => import('./routes/about'), 'AboutRoute'),
  page(paths.developer.path, 'main', () => import('./routes/developer'), 'DeveloperRoute'),
  page(paths.profile.path, 'main', () => import('./routes/profile'), 'ProfileRoute'),
  page(paths.login.path, 'auth', () => import('./routes/auth/login'), 'LoginRoute'),
  page(paths.signup.path, 'auth', () => import('./routes/auth/signup'), 'SignupRoute'),
  page(
    paths.forgotPassword.path,
    'auth',
    () => import('./routes/auth/forgot-password'),
    'ForgotPasswordRoute',
  ),
];

const notFoundPage = { load: () => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })) };

/** Starts loading the page for a path and resolves when its chunk is in (or failed: the page shows why). */
export function preloadPage(pathname: string): Promise<void> {
  const matched = pages.find((route) => matchPath(route.path, pathname)) ?? notFoundPage;
  return matched.load().then(
    () => undefined,
    () => undefined,
  );
}

const lazyPages = pages.map((page) => ({ ...page, Component: lazy(page.load) }));
const NotFound = lazy(notFoundPage.load);

/** The routes of the pages shown in one layout. */
const routesOf = (layout: PageRoute['layout']) =>
  lazyPages
    .filter((page) => page.layout === layout)
    .map(({ path, Component }) => <Route key={path} path={path} element={<Component />} />);

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
          {routesOf('main')}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
      <Route element={<AuthLayout />}>
        <Route element={<PageSlot />}>{routesOf('auth')}</Route>
      </Route>
    </Routes>
  );
}
