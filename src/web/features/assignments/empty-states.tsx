import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SubmissionsResponse } from '../../../shared/assignments';
import { messages } from '../../../shared/messages';

const link = 'font-semibold text-brand-700 underline hover:text-brand-800';

/** The dashboard with no assignments: the spec's heading, then the one thing to do next. */
export function NoAssignments({ role }: { role?: 'teacher' | 'student' }) {
  return (
    <section aria-labelledby="no-assignments" className="mt-10 text-center">
      <h2 id="no-assignments" className="text-lg font-semibold text-slate-700">
        {messages.noAssignments}
      </h2>
      {role === 'teacher' ? (
        <p className="mt-2 text-slate-700">
          <Link to="/dashboard/create-assignment" className={link}>
            Create your first assignment
          </Link>
          , then share its class code with your students.
        </p>
      ) : role === 'student' ? (
        <p className="mt-2 text-slate-700">
          Join with the class code from your teacher on the{' '}
          <Link to="/dashboard/join-assignment" className={link}>
            Join Assignment
          </Link>{' '}
          page; your assignments then appear here.
        </p>
      ) : null}
    </section>
  );
}

/** The grades list with no answers handed in: the spec's words, then what happens next. */
export function NoSubmissionsYet({ data }: { data: SubmissionsResponse }) {
  const { code, isPastDeadline } = data.assignment;
  let next: ReactNode;
  if (data.viewer === 'student') {
    next = isPastDeadline ? null : (
      <>
        Hand in your answer on{' '}
        <Link to={`/dashboard/assignment/${encodeURIComponent(code)}`} className={link}>
          the assignment page
        </Link>
        .
      </>
    );
  } else if (data.notSubmitted.length > 0) {
    const n = data.notSubmitted.length;
    next = `${n} ${n === 1 ? 'student has' : 'students have'} joined; their answers appear here once they hand in.`;
  } else {
    next = <ShareCode code={code} />;
  }
  return (
    <div className="py-6 text-center">
      <p className="font-medium text-slate-700">{messages.noSubmissions}</p>
      {next ? <p className="mt-1 text-sm text-slate-700">{next}</p> : null}
    </div>
  );
}

/** What a teacher with an empty class does next: share the code. */
export function ShareCode({ code }: { code: string }) {
  return (
    <>
      No student has joined yet. Share the class code{' '}
      <span className="font-mono font-semibold tracking-wider">{code}</span> with your students:
      they join from Join Assignment and hand in on this assignment&rsquo;s page.
    </>
  );
}
