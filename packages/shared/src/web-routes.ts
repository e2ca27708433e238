/**
 * The web app's pages. Its router and links read them, and the server answers with the app shell
 * for exactly these paths, so a probe of a path that is not a page gets an honest 404.
 */
export const WEB_ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  about: '/about',
  developer: '/developer',
  profile: '/profile',
} as const;

const pages = new Set<string>(Object.values(WEB_ROUTES));

/** True when `pathname` (without the query) is one of the app's pages; a trailing slash is allowed. */
export function isWebRoute(pathname: string): boolean {
  return pages.has(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
}
