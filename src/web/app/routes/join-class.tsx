import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { useMe } from '../../features/auth/auth-api';
import { useJoinClass } from '../../features/classes/classes-api';
import { useTitle } from '../../lib/use-title';

/** /dashboard/join/:code: a student joins a class from its link (after signing in, if need be). */
export function Component() {
  useTitle('Join a class');
  const { code = '' } = useParams();
  const { data: me } = useMe();
  const join = useJoinClass();
  const asked = useRef(false);
  const student = me?.role === 'student';
  useEffect(() => {
    if (!student || asked.current) return;
    asked.current = true;
    join.mutate(code);
  }, [student, code, join]);
  return (
    <main className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <PageHeader title="Join a class" />
      {!student ? (
        <Alert tone="error">
          Only students can join classes. Sign in with your student account.
        </Alert>
      ) : join.isError ? (
        <Alert tone="error" title="Could not join">
          {join.error.message}
        </Alert>
      ) : join.data ? (
        <Alert
          tone="success"
          title={
            join.data.alreadyJoined ? 'You are in this class already.' : 'You joined the class.'
          }
        >
          <p>
            {join.data.class.name}
            {join.data.class.section ? ` (${join.data.class.section})` : ''}, taught by{' '}
            {join.data.class.ownerName}. Its assignments are on your{' '}
            <Link to="/dashboard" className="underline">
              dashboard
            </Link>
            .
          </p>
        </Alert>
      ) : (
        <p className="text-slate-700">Joining…</p>
      )}
    </main>
  );
}
