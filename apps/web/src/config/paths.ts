import { WEB_ROUTES } from '@sema/shared/web-routes';

/** The one list of the app's routes: links and the router both read it (the server too, through WEB_ROUTES). */
export const paths = {
  home: { path: WEB_ROUTES.home, getHref: () => WEB_ROUTES.home },
  login: { path: WEB_ROUTES.login, getHref: () => WEB_ROUTES.login },
  signup: { path: WEB_ROUTES.signup, getHref: () => WEB_ROUTES.signup },
  forgotPassword: { path: WEB_ROUTES.forgotPassword, getHref: () => WEB_ROUTES.forgotPassword },
  about: { path: WEB_ROUTES.about, getHref: () => WEB_ROUTES.about },
  developer: { path: WEB_ROUTES.developer, getHref: () => WEB_ROUTES.developer },
  profile: { path: WEB_ROUTES.profile, getHref: () => WEB_ROUTES.profile },
} as const;
