import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useNavigate } from '@/lib/routing';

export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <>
      <title>{`Login · ${PRODUCT_NAME}`}</title>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Welcome back</h1>
      <p className="mb-6 text-sm text-slate-700">Sign in to your {PRODUCT_NAME} account.</p>
      <LoginForm onSuccess={() => void navigate(paths.home.getHref(), { replace: true })} />
    </>
  );
}
