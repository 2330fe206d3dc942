import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { useMe } from '../../features/auth/auth-api';
import { useJoinAssignment } from '../../features/assignments/assignments-api';
import { useJoinClass } from '../../features/classes/classes-api';
import { ApiError } from '../../lib/api';
import { useTitle } from '../../lib/use-title';

/**
 * /dashboard/join/:code: a student joins a class from its link (after signing in, if need be).
 * A code that is no class's but an assignment's joins the assignment, as the Join Assignment box
 * takes both.
 */
export function Component() {
  useTitle('Join a class');
  const { code = '' } = useParams();
  const { data: me } = useMe();
  const join = useJoinClass();
  const assignment = useJoinAssignment();
  const asked = useRef(false);
  const student = me?.role === 'student';
  useEffect(() => {
    if (!student || asked.current) return;
    asked.current = true;
    join.mutate(code);
  }, [student, code, join]);
  // no class has this code: perhaps an assignment does
  const noClass = join.error instanceof ApiError && join.error.status === 404;
  useEffect(() => {
    if (noClass && assignment.isIdle) assignment.mutate(code);
  }, [noClass, assignment, code]);
  const joined = assignment.data?.assignment;
  return (
    <main className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <PageHeader title="Join a class" />
      {!student ? (
        <Alert tone="error">
          Only students can join classes. Sign in with your student account.
        </Alert>
      ) : joined ? (
        <Alert
          tone="success"
          title={
            assignment.data?.alreadyJoined
              ? 'You have this assignment already.'
              : 'You joined the assignment.'
          }
        >
          <p>
            <Link
              to={`/dashboard/assignment/${encodeURIComponent(joined.code)}`}
              className="underline"
            >
              {joined.title}
            </Link>
            , set by {joined.teacherName}.
          </p>
        </Alert>
      ) : noClass && (assignment.isPending || assignment.isIdle) ? (
        <p className="text-slate-700">Joining…</p>
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
