import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { signInWithEmail } from './auth-api';
import { loginErrorMessage, oidcErrorMessage } from './auth-errors';
import { TextField } from '../../components/ui/form-field';
import { PasswordField } from './fields';
import { LinkedMessage } from './linked-message';
import { OidcSignIn } from './oidc-sign-in';
import { useLoadSession } from './session';
import { useNextPath } from './guards';
import { withNext } from '../../lib/return-to';

/** Email and password log-in; on success the stored session makes the page guard go to /role. */
export function LoginForm() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // An external sign-in that failed comes back here with ?error=…
  const [error, setError] = useState<string | null>(oidcErrorMessage(params.get('error')));
  const loadSession = useLoadSession();
  const next = useNextPath();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await signInWithEmail(email.trim(), password);
      await loadSession(); // the guard now sends the user on (/role, then the page wanted)
    } catch (err) {
      setError(loginErrorMessage(err));
      setBusy(false);
    }
  }

  return (
    <>
      <form onSubmit={(e) => void handleSubmit(e)} className="space-y-5" noValidate={false}>
        {error ? (
          <Alert tone="error">
            <LinkedMessage text={error} />
          </Alert>
        ) : null}
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          id="login-password"
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="-mt-2 text-right text-sm">
          <Link
            to="/forgot-password"
            className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            Forgot password?
          </Link>
        </p>
        <Button type="submit" busy={busy} className="w-full">
          Log In
        </Button>
      </form>
      <OidcSignIn verb="Log In" errorPath={withNext('/login', next)} next={next} />
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link
          to={withNext('/signup', next)}
          className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          Sign Up
        </Link>
      </p>
    </>
  );
}
