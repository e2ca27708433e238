import { ButtonLink } from '@/components/ui/button-link';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <title>{`Page not found · ${PRODUCT_NAME}`}</title>
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-700">
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </p>
      <ButtonLink to={paths.home.getHref()}>Go to the home page</ButtonLink>
    </div>
  );
}
