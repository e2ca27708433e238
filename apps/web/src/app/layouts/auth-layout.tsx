import { LogoMark } from '@/components/ui/icons';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { Link, Navigate, Outlet } from '@/lib/routing';

/** /login, /signup and /forgot-password: no header, and a signed-in user is sent home. */
export function AuthLayout() {
  const { user } = useAuth();
  if (user) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <main className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10">
      <Link
        to={paths.home.getHref()}
        className="mb-8 flex items-center gap-2 rounded-lg text-xl font-bold text-brand-700"
        aria-label={`${PRODUCT_NAME} home`}
      >
        <LogoMark className="text-brand-600" />
        <span>{PRODUCT_NAME}</span>
      </Link>
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Outlet />
      </div>
    </main>
  );
}
