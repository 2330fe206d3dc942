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
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <Alert tone={failed ? 'error' : 'warning'} title="Please confirm your email address">
        <p>
          We sent a link to <strong>{me.email}</strong>. Confirming it lets Markwise email you your
          marks, reminders and a new password when you need one.
        </p>
        {state === 'sent' ? (
          <p className="mt-2">Sent. Check your inbox (and your spam folder).</p>
        ) : failed ? (
          <p className="mt-2">{state}</p>
        ) : null}
        <Button
          variant="link"
          size="sm"
          className="mt-1"
          disabled={state === 'sending'}
          onClick={() => void send()}
        >
          Resend the email
        </Button>
      </Alert>
    </div>
  );
}
