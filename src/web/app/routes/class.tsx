import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { CoTeachers } from '../../features/classes/co-teachers';
import {
  useClass,
  useRemoveStudent,
  useRoster,
  useSetArchived,
} from '../../features/classes/classes-api';
import { InviteForm } from '../../features/classes/invite-form';
import { RosterGrid } from '../../features/classes/roster-grid';
import { formatDeadline } from '../../lib/dates';
import { useTitle } from '../../lib/use-title';

const sectionClass = 'mb-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

/** /dashboard/classes/:id: the class, its assignments; for its teachers the link, roster, invitations and co-teachers. */
export function Component() {
  const { id = '' } = useParams();
  const { data: c, isPending, isError, error } = useClass(id);
  useTitle(c?.name ?? 'Class');
  const teacher = c !== undefined && c.role !== 'student';
  const roster = useRoster(id, teacher);
  const removeStudent = useRemoveStudent(id);
  const archive = useSetArchived(id);
  if (isPending) return null;
  if (isError || !c)
    return (
      <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <PageHeader title="Class not found" />
        <Alert tone="error">{error?.message ?? 'Class not found.'}</Alert>
      </main>
    );
  const writable = teacher && !c.archived;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={c.name}>
        {[c.section, c.term, `Teacher: ${c.ownerName}`].filter(Boolean).join(' · ')}
      </PageHeader>
      {c.archived ? (
        <Alert tone="warning" title="This class is archived" className="mb-6">
          Its work is read-only: no hand-ins, edits or marking changes.
        </Alert>
      ) : null}
      {teacher && c.code ? (
        <section aria-labelledby="join" className={sectionClass}>
          <h2 id="join" className="mb-2 text-lg font-semibold text-slate-900">
            Join code and link
          </h2>
          <p className="text-slate-800">
            Code: <strong className="font-mono text-lg tracking-wider">{c.code}</strong>
          </p>
          <p className="mt-1 break-all text-slate-800">
            Link:{' '}
            <a className="text-brand-700 underline" href={c.joinUrl}>
              {c.joinUrl}
            </a>
          </p>
        </section>
      ) : null}
      <section aria-labelledby="assignments" className={sectionClass}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="assignments" className="text-lg font-semibold text-slate-900">
            Assignments
          </h2>
          {c.role === 'owner' && !c.archived ? (
            <Link
              to={`/dashboard/create-assignment?class=${encodeURIComponent(c.id)}`}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Add an assignment
            </Link>
          ) : null}
        </div>
        {c.assignments.length === 0 ? (
          <p className="text-slate-600">No assignments yet.</p>
        ) : (
          <ul className="space-y-2">
            {c.assignments.map((a) => (
              <li key={a.code}>
                <Link
                  to={`/dashboard/assignment/${encodeURIComponent(a.code)}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {a.title}
                </Link>{' '}
                <span className="text-sm text-slate-600">due {formatDeadline(a.deadline)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {teacher ? (
        <>
          <section aria-labelledby="roster" className="mb-8">
            <h2 id="roster" className="mb-3 text-lg font-semibold text-slate-900">
              Roster
            </h2>
            {roster.data ? (
              <RosterGrid
                roster={roster.data}
                removing={removeStudent.isPending}
                onRemove={
                  writable
                    ? async (studentId) => void (await removeStudent.mutateAsync(studentId))
                    : undefined
                }
              />
            ) : null}
            {roster.data?.invitations.length ? (
              <p className="mt-3 text-sm text-slate-700">
                Invited, not joined yet: {roster.data.invitations.map((i) => i.email).join(', ')}
              </p>
            ) : null}
          </section>
          {writable ? (
            <section aria-labelledby="invite" className={sectionClass}>
              <h2 id="invite" className="mb-3 text-lg font-semibold text-slate-900">
                Invite students by email
              </h2>
              <InviteForm classId={c.id} />
            </section>
          ) : null}
          <section aria-labelledby="teachers" className={sectionClass}>
            <h2 id="teachers" className="mb-3 text-lg font-semibold text-slate-900">
              Teachers
            </h2>
            <CoTeachers c={c} />
          </section>
          {c.role === 'owner' ? (
            <Button
              variant={c.archived ? 'secondary' : 'danger-outline'}
              busy={archive.isPending}
              onClick={() => void archive.mutateAsync(!c.archived)}
            >
              {c.archived ? 'Restore class' : 'Archive class'}
            </Button>
          ) : null}
        </>
      ) : null}
    </main>
  );
}
