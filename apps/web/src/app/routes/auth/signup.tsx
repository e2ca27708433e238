import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useNavigate } from '@/lib/routing';

export function SignupRoute() {
  const navigate = useNavigate();
  return (
    <>
      <title>{`Sign Up · ${PRODUCT_NAME}`}</title>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Create your account</h1>
      <p className="mb-6 text-sm text-slate-700">Free, and stored only in this browser.</p>
      <SignupForm onSuccess={() => void navigate(paths.home.getHref(), { replace: true })} />
    </>
  );
}
