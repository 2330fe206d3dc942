import { MAX_NAME_LENGTH } from '../../../shared/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { fetchMe, meQueryKey, signUpWithEmail } from './auth-api';
import { oidcErrorMessage, passwordProblem, signupErrorMessage } from './auth-errors';
import { TextField } from '../../components/ui/form-field';
import { PasswordField } from './fields';
import { LinkedMessage } from './linked-message';
import { OidcSignIn } from './oidc-sign-in';
import { useNextPath } from './guards';
import { withNext } from '../../lib/return-to';

/** How long the success message stays before the page moves on to /login (spec: about 0.9 s). */
const SUCCESS_PAUSE_MS = 900;

const empty = { name: '', email: '', password: '', confirm: '' };

/** Name, email, password and confirmation; checks the spec's rules before sending anything. */
export function SignupForm() {
  const [params] = useSearchParams();
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(oidcErrorMessage(params.get('error')));
  const [invalidPassword, setInvalidPassword] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const next = useNextPath();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      void (async () => {
        // better-auth signs the new account in; /login then sends it on to /role.
        const me = await fetchMe().catch(() => null);
        await navigate(withNext('/login', next));
        client.setQueryData(meQueryKey, me);
      })();
    }, SUCCESS_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, client, next]);

  const set = (key: keyof typeof empty) => (e: ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblem(form.password, form.confirm);
    setInvalidPassword(problem !== null);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await signUpWithEmail(form.name.trim(), form.email.trim(), form.password);
      setForm(empty);
      setDone(true);
    } catch (err) {
      setError(signupErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form onSubmit={(e) => void handleSubmit(e)} className="space-y-5">
        {error ? (
          <Alert tone="error">
            <LinkedMessage text={error} />
          </Alert>
        ) : null}
        {done ? (
          <Alert tone="success">
            <LinkedMessage text={messages.signupSucceeded} />
          </Alert>
        ) : null}
        <TextField
          id="signup-name"
          label="Name"
          autoComplete="name"
          required
          maxLength={MAX_NAME_LENGTH}
          value={form.name}
          onChange={set('name')}
        />
        <TextField
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
        />
        <PasswordField
          id="signup-password"
          label="Password"
          autoComplete="new-password"
          required
          maxLength={128}
          aria-invalid={invalidPassword}
          value={form.password}
          onChange={set('password')}
        />
        <PasswordField
          id="signup-confirm"
          label="Confirm Password"
          autoComplete="new-password"
          required
          maxLength={128}
          aria-invalid={invalidPassword}
          value={form.confirm}
          onChange={set('confirm')}
        />
        <Button type="submit" busy={busy} disabled={done} className="w-full">
          Sign Up
        </Button>
      </form>
      <OidcSignIn verb="Sign In" errorPath={withNext('/signup', next)} next={next} />
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link
          to={withNext('/login', next)}
          className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          Log In
        </Link>
      </p>
    </>
  );
}
