import type { ReactNode } from 'react';
import type { AssignmentSummary } from '../../../shared/assignments';
import type { LatePolicy } from '../../../shared/late-work';
import { formatDeadline, formatDeadlineNear } from '../../lib/dates';

/** The facts of an assignment: title, code, description, teacher, deadline and total marks. */
export function AssignmentDetails({
  assignment,
}: {
  assignment: Omit<
    AssignmentSummary,
    | 'autoPublish'
    | 'regradeDeadline'
    | 'modelAnswerVisibility'
    | 'anonymousMarking'
    | 'latePolicy'
    | 'extendedDeadline'
  > &
    Partial<Pick<AssignmentSummary, 'latePolicy'>> & { extendedDeadline?: string | null };
}) {
  const a = assignment;
  return (
    <div>
      <h2 className="text-xl font-semibold break-words text-slate-900 sm:text-2xl">{a.title}</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact term="Assignment code">
          <span className="font-mono font-semibold tracking-wider">{a.code}</span>
        </Fact>
        <Fact term="Teacher">{a.teacherName}</Fact>
        <Fact term="Deadline">
          {formatDeadlineNear(a.deadline)}
          {/* a real space before the badge, so they read as two words ("(Europe/London) Past") */}
          {a.isPastDeadline ? (
            <>
              {' '}
              <span className="ml-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
                Past
              </span>
            </>
          ) : null}
        </Fact>
        {a.extendedDeadline ? (
          <Fact term="Your extended deadline">{formatDeadlineNear(a.extendedDeadline)}</Fact>
        ) : null}
        <Fact term="Total marks">{a.totalMarks}</Fact>
        {a.latePolicy?.acceptLate ? (
          <Fact term="Late hand-ins">{lateWorkText(a.latePolicy)}</Fact>
        ) : null}
      </dl>
      <h3 className="mt-4 text-sm font-medium text-slate-600">Description</h3>
      <p className="mt-1 whitespace-pre-line break-words text-slate-800">
        {a.description.trim() || 'No description.'}
      </p>
    </div>
  );
}

/** The late policy in words: "Accepted until …; 10% of the marks off per day late (…)". */
function lateWorkText(p: LatePolicy): string {
  const penalty =
    p.penaltyPercent === 0
      ? 'no penalty'
      : p.penaltyKind === 'per-day'
        ? `${p.penaltyPercent}% of the marks off per day late (each started 24 hours)`
        : `${p.penaltyPercent}% of the marks off`;
  return `Accepted until ${formatDeadline(p.lateUntil!)}; ${penalty}`;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-600">{term}:</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
