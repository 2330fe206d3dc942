import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../shared/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { requestPasswordReset } from './auth-api';
import { forgotPasswordErrorMessage } from './auth-errors';

/**
 * "Forgot password?": the email of the account. The answer never says whether an account uses
 * the address; the email, when there is one, holds the link to /reset-password.
 */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSent(false);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      setError(forgotPasswordErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form onSubmit={(e) => void handleSubmit(e)} className="space-y-5">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {sent ? <Alert tone="success">{messages.resetLinkSent}</Alert> : null}
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" busy={busy} className="w-full">
          Send Reset Link
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link
          to="/login"
          className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          Back to Log In
        </Link>
      </p>
    </>
  );
}
