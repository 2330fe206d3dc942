import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { AuthLayout } from '../../features/auth/auth-layout';
import { unsubscribe } from '../../features/email/email-api';
import { useTitle } from '../../lib/use-title';

/** /unsubscribe?token=…: an email's unsubscribe link; works at once, without signing in. */
export function Component() {
  useTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [result, setResult] = useState<{ label: string } | { error: string } | null>(null);
  useEffect(() => {
    if (!token) {
      setResult({ error: 'This unsubscribe link is not complete.' });
      return;
    }
    unsubscribe(token).then(
      (r) => setResult({ label: r.label }),
      (err: Error) => setResult({ error: err.message }),
    );
  }, [token]);
  return (
    <AuthLayout title="Unsubscribe" subtitle="Which emails Markwise sends you is up to you.">
      {!result ? (
        <Spinner className="h-6 w-6" />
      ) : 'error' in result ? (
        <Alert tone="error">{result.error}</Alert>
      ) : (
        <Alert tone="success" title="You are unsubscribed">
          You will no longer get emails about {result.label.toLowerCase()}.
        </Alert>
      )}
      <p className="mt-4 text-sm text-slate-700">
        To choose other emails or turn these back on, open{' '}
        <Link to="/dashboard/settings" className="font-medium text-brand-700 underline">
          your email settings
        </Link>
        .
      </p>
    </AuthLayout>
  );
}
