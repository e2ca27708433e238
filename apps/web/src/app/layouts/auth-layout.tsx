import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { Navigate, Outlet } from '@/lib/routing';

import { HomeLink } from './home-link';

/** /login, /signup and /forgot-password: no header, and a signed-in user is sent home. */
export function AuthLayout() {
  const { user } = useAuth();
  if (user) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <main className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10">
      <HomeLink className="mb-8 text-xl" />
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Outlet />
      </div>
    </main>
  );
}
