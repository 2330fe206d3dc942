import { AuthLayout } from '../../features/auth/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';
import { useTitle } from '../../lib/use-title';

/** /forgot-password: asks for the email that gets a link to set a new password. */
export function Component() {
  useTitle('Forgot Password');
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to set a new one."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
