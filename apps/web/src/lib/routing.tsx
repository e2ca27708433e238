/**
 * The app's own router, written for the home route's size budget (react-router 7 weighed 14 kB
 * gzipped there; this is under 2 kB). What it does, exactly:
 * - Routes are static paths (`config/paths.ts`) or `*`. A path matches when it equals the address's
 *   path, case-insensitively, a trailing slash ignored; `*` matches only when no other route does.
 *   There are no parameters, no nested paths and no relative links.
 * - A `<Route>` without a path is a layout: its element renders the matched child at `<Outlet />`.
 * - `navigate(to)` pushes a history entry (replaces it with `{ replace: true }`, or when `to` is the
 *   address already shown); a plain left click on a `<Link>` navigates, a modified click does what
 *   the browser does. Navigations are transitions, so the current page stays until the next page's
 *   chunk is in. The back and forward buttons move between the entries.
 * - A `<NavLink>` is active (`aria-current="page"`) on its own page and on the pages under its path.
 */
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

interface NavigateOptions {
  replace?: boolean;
}

interface RouterState {
  location: Location;
  navigate: (to: string, options?: NavigateOptions) => void;
}

const RouterContext = createContext<RouterState | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a routing hook was used outside <AddressBarRouter> or <MemoryRouter>');
  return router;
}

function parsePath(to: string): Location {
  const url = new URL(to, 'http://sema.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const currentLocation = (): Location => {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
};

const href = (location: Location) => location.pathname + location.search + location.hash;

/** The app's router: the address bar's path, updated by links, `navigate` and the back button. */
export function AddressBarRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);
  useLayoutEffect(() => {
    const onPopState = () => startTransition(() => setLocation(currentLocation()));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  // The same function for the app's whole life, so effects that use it run once.
  const navigate = useCallback((to: string, options?: NavigateOptions) => {
    const next = parsePath(to);
    // Going to the page already shown replaces it rather than stacking a duplicate entry.
    const replace = options?.replace ?? href(next) === href(currentLocation());
    window.history[replace ? 'replaceState' : 'pushState'](null, '', href(next));
    startTransition(() => setLocation(next));
  }, []);
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

/**
 * A router that keeps its path in memory, starting at `path` (tests). It has no history: every
 * navigation replaces the path.
 */
export function MemoryRouter({ path = '/', children }: { path?: string; children: ReactNode }) {
  const [location, setLocation] = useState(() => parsePath(path));
  const navigate = useCallback((to: string) => startTransition(() => setLocation(parsePath(to))), []);
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): RouterState['navigate'] {
  return useRouter().navigate;
}

const normalize = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/** The route pattern `path` (a static path, or `*`) against a pathname: a match, or null. */
export function matchPath(path: string, pathname: string): { pathname: string } | null {
  return path === '*' || normalize(path) === normalize(pathname) ? { pathname } : null;
}

interface RouteProps {
  path?: string;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside <Routes>; it renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** The branches of a route tree: each leaf path with the elements from the outermost layout in. */
function branches(children: ReactNode, parents: readonly ReactNode[] = []) {
  const found: { path: string; elements: readonly ReactNode[] }[] = [];
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child)) continue;
    const elements = [...parents, child.props.element ?? <Outlet />];
    if (child.props.path !== undefined) found.push({ path: child.props.path, elements });
    else found.push(...branches(child.props.children, elements));
  }
  return found;
}

/** Renders the branch whose path matches the location, a `*` route only when none other does. */
export function Routes({ children }: { children: ReactNode }): ReactElement | null {
  const { pathname } = useLocation();
  const all = branches(children);
  const branch =
    all.find((candidate) => candidate.path !== '*' && matchPath(candidate.path, pathname)) ??
    all.find((candidate) => candidate.path === '*');
  if (!branch) return null;
  return branch.elements.reduceRight<ReactElement | null>(
    (outlet, element) => <OutletContext value={outlet}>{element}</OutletContext>,
    null,
  );
}

/** Where a layout route renders the matched route inside it. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

/** Goes to `to` once rendered (in an effect, so rendering stays pure). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** An ordinary link whose plain left click navigates in the app (a modified click opens as usual). */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A Link that knows when its page is shown: `aria-current="page"`, and `isActive` for its class. */
export function NavLink({ className, ...rest }: NavLinkProps) {
  const current = normalize(useLocation().pathname);
  const target = normalize(parsePath(rest.to).pathname);
  const isActive =
    current === target || (target !== '/' && current.startsWith(target) && current[target.length] === '/');
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
