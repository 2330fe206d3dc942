import { AuthLayout } from '../../features/auth/auth-layout';
import { GuestOnly } from '../../features/auth/guards';
import { SignupForm } from '../../features/auth/signup-form';
import { useTitle } from '../../lib/use-title';

/** /signup: a new account with name, email and password. */
export function Component() {
  useTitle('Sign Up');
  return (
    <GuestOnly>
      <AuthLayout
        title="Create your account"
        subtitle="It takes a minute. You choose your role next."
      >
        <SignupForm />
      </AuthLayout>
    </GuestOnly>
  );
}
