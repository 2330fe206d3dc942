import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { useMe } from '../../features/auth/auth-api';
import { useAcceptInvitation, useInvitation } from '../../features/classes/classes-api';
import { useTitle } from '../../lib/use-title';

/** /dashboard/invitations/:token: what an emailed invitation is for, and joining its class. */
export function Component() {
  useTitle('Invitation');
  const { token = '' } = useParams();
  const { data: me } = useMe();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  return (
    <main className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <PageHeader title="Invitation to a class" />
      {invitation.isPending ? null : invitation.isError ? (
        <Alert tone="error">{invitation.error.message}</Alert>
      ) : accept.data ? (
        <Alert tone="success" title="You joined the class.">
          Its assignments are on your{' '}
          <Link to="/dashboard" className="underline">
            dashboard
          </Link>
          .
        </Alert>
      ) : (
        <div className="space-y-4">
          <p className="text-slate-800">
            {invitation.data.ownerName} invited {invitation.data.email} to{' '}
            <strong>{invitation.data.className}</strong>
            {invitation.data.section ? ` (${invitation.data.section})` : ''}.
          </p>
          {accept.isError ? <Alert tone="error">{accept.error.message}</Alert> : null}
          {me?.role === 'student' ? (
            <Button busy={accept.isPending} onClick={() => accept.mutate()}>
              Join the class
            </Button>
          ) : (
            <Alert tone="error">
              Only students can join a class. Sign in with your student account.
            </Alert>
          )}
        </div>
      )}
    </main>
  );
}
