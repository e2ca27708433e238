/** The one list of the app's routes: links and the router both read it. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  about: { path: '/about', getHref: () => '/about' },
  developer: { path: '/developer', getHref: () => '/developer' },
  profile: { path: '/profile', getHref: () => '/profile' },
} as const;
