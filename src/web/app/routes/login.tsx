import { AuthLayout } from '../../features/auth/auth-layout';
import { GuestOnly } from '../../features/auth/guards';
import { LoginForm } from '../../features/auth/login-form';
import { useTitle } from '../../lib/use-title';

/** /login: email and password, or the configured external sign-in. */
export function Component() {
  useTitle('Log In');
  return (
    <GuestOnly>
      <AuthLayout
        title="Log in to Markwise"
        subtitle="Welcome back! Enter your details to continue."
      >
        <LoginForm />
      </AuthLayout>
    </GuestOnly>
  );
}
