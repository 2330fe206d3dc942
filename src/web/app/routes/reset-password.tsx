import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../features/auth/auth-layout';
import { ResetPasswordForm } from '../../features/auth/reset-password-form';
import { useTitle } from '../../lib/use-title';

/** /reset-password?token=…: the page the reset email links to. */
export function Component() {
  useTitle('Set a New Password');
  const [params] = useSearchParams();
  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a new password for your account. You will then log in with it."
    >
      <ResetPasswordForm token={params.get('token')} />
    </AuthLayout>
  );
}
