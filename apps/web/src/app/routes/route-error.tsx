import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';

/** Shown when a page fails to load or render (for example a chunk lost after a redeploy). */
export function RouteError() {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="text-slate-700">This page could not be shown. Reloading usually helps.</p>
      <div className="flex gap-3">
        <button
          type="button"
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
        <ButtonLink to={paths.home.getHref()} variant="quiet">
          Go home
        </ButtonLink>
      </div>
    </div>
  );
}
