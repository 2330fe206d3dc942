import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MeResponse } from '../../../shared/api';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { resendVerification } from './email-api';

/**
 * Above every dashboard page while the address is not confirmed: what to do, and "Resend" for a
 * lost email. After the emailed link brings her back (`?verified=1`), says it worked.
 */
export function VerifyBanner({ me }: { me: Pick<MeResponse, 'email' | 'emailVerified'> }) {
  const [params] = useSearchParams();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | string>('idle');
  if (me.emailVerified) {
    return params.get('verified') === '1' ? (
      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
        <Alert tone="success">Your email address is confirmed. Thank you.</Alert>
      </div>
    ) : null;
  }
  const send = async () => {
    setState('sending');
    try {
      await resendVerification(me.email);
      setState('sent');
    } catch (err) {
      setState(err instanceof ApiError ? err.message : 'The email could not be sent. Try again.');
    }
  };
  const failed = !['idle', 'sending', 'sent'].includes(state);
  // Not a live region: it stands on every page until the address is confirmed; only the answer
  // to "Resend" is announced.
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <aside
        aria-labelledby="verify-banner-title"
        className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      >
        <h2 id="verify-banner-title" className="font-semibold">
          Please confirm your email address
        </h2>
        <p className="mt-1">
          We sent a link to <strong>{me.email}</strong>. Confirming it lets Markwise email you your
          marks, reminders and a new password when you need one.
        </p>
        {state === 'sent' || failed ? (
          <p role={failed ? 'alert' : 'status'} className={failed ? 'mt-2 text-red-800' : 'mt-2'}>
            {failed ? state : 'Sent. Check your inbox (and your spam folder).'}
          </p>
        ) : null}
        <Button variant="link" size="sm" disabled={state === 'sending'} onClick={() => void send()}>
          Resend the email
        </Button>
      </aside>
    </div>
  );
}
