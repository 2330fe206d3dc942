import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SubmissionsResponse } from '../../../shared/assignments';
import { AssignmentDetails } from './assignment-details';
import { useSubmissions } from './assignments-api';
import { GradesList } from './grades-list';
import { LoadFailedState } from './not-found-state';
import { useTitle } from '../../lib/use-title';

/**
 * /dashboard/gradetable/:code: the assignment at the top, then the grades list for its viewer.
 * The page adds the grading tools (`tools` above the list: what needs doing now; `afterList`
 * below it: settings and figures, so they never squeeze the list) and per-row extras.
 */
export function GradeTableView({
  code,
  tools,
  afterList,
  rowMeta,
  marksNote,
}: {
  code: string;
  tools?: (data: SubmissionsResponse) => ReactNode;
  afterList?: (data: SubmissionsResponse) => ReactNode;
  rowMeta?: (
    row: SubmissionsResponse['submissions'][number],
    data: SubmissionsResponse,
  ) => ReactNode;
  marksNote?: (
    row: SubmissionsResponse['submissions'][number],
    data: SubmissionsResponse,
  ) => ReactNode;
}) {
  const query = useSubmissions(code);
  useTitle(query.data ? `Grades · ${query.data.assignment.title}` : 'Grades');

  if (query.isPending) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-8" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the grades…
        </p>
        <div aria-hidden="true" className="h-72 animate-pulse rounded-xl bg-slate-200" />
      </main>
    );
  }
  if (query.isError) {
    return (
      <LoadFailedState
        error={query.error}
        title="The grades could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  }
  const data = query.data;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Grades</h1>
        <Link
          to={`/dashboard/assignment/${encodeURIComponent(code)}`}
          className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
        >
          Back to the assignment
        </Link>
      </div>
      <div className="mt-6 space-y-6 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-6">
        <AssignmentDetails assignment={data.assignment} />
        {tools?.(data)}
        <GradesList
          data={data}
          rowMeta={rowMeta ? (row) => rowMeta(row, data) : undefined}
          marksNote={marksNote ? (row) => marksNote(row, data) : undefined}
        />
        {afterList?.(data)}
      </div>
    </main>
  );
}
