import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../shared/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { resetPassword } from './auth-api';
import { passwordProblem, resetPasswordErrorMessage } from './auth-errors';
import { PasswordField } from './fields';
import { LinkedMessage } from './linked-message';

const linkClass = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline';

/**
 * "Set a new password" from the link in the reset email (`token`). The link works once and for
 * an hour; a spent or expired one says so and offers a new one. Setting the password signs the
 * account out everywhere, so she logs in again with it.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : messages.resetLinkInvalid);
  const [invalidPassword, setInvalidPassword] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    const problem = passwordProblem(password, confirm);
    setInvalidPassword(problem !== null);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      setPassword('');
      setConfirm('');
      setDone(true);
    } catch (err) {
      setError(resetPasswordErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const linkSpent = error === messages.resetLinkInvalid;
  if (done) {
    return (
      <Alert tone="success">
        <LinkedMessage text={messages.passwordReset} />
      </Alert>
    );
  }
  return (
    <>
      <form onSubmit={(e) => void handleSubmit(e)} className="space-y-5">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {token && !linkSpent ? (
          <>
            <PasswordField
              id="reset-password"
              label="New Password"
              autoComplete="new-password"
              required
              minLength={6}
              aria-invalid={invalidPassword || undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordField
              id="reset-confirm"
              label="Confirm New Password"
              autoComplete="new-password"
              required
              aria-invalid={invalidPassword || undefined}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <Button type="submit" busy={busy} className="w-full">
              Set New Password
            </Button>
          </>
        ) : null}
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {linkSpent ? (
          <Link to="/forgot-password" className={linkClass}>
            Ask for a New Link
          </Link>
        ) : (
          <Link to="/login" className={linkClass}>
            Back to Log In
          </Link>
        )}
      </p>
    </>
  );
}
