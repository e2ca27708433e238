import { PRODUCT_NAME } from '@/config/constants';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <>
      <title>{`Forgot password · ${PRODUCT_NAME}`}</title>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Reset your password</h1>
      <p className="mb-6 text-sm text-slate-700">
        {PRODUCT_NAME} sends no emails: accounts live only in the browser where they were made. Enter your
        email to see how to get back in.
      </p>
      <ForgotPasswordForm />
    </>
  );
}
