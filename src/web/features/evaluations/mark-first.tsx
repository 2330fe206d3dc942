import type { OwnerSubmissionsResponse } from '../../../shared/assignments';
import { Button } from '../../components/ui/button';
import { useLatestRun } from './evaluations-api';

/**
 * "Mark these first": the few answers the last evaluation picked because the teacher's marks on
 * them teach the engine most (each stands for a group of alike answers, across the range of
 * marks). Once they are marked, evaluating again recalibrates the rest.
 */
export function MarkFirst({
  code,
  data,
  onOpen,
}: {
  code: string;
  data: OwnerSubmissionsResponse;
  onOpen: (id: string) => void;
}) {
  const run = useLatestRun(code).data?.run;
  const rows = (run?.suggested ?? [])
    .map((id) => data.submissions.find((s) => s.id === id))
    .filter((s) => s !== undefined);
  if (!rows.length) return null;
  const left = rows.filter((s) => s.marksSource !== 'teacher');
  return (
    <section
      aria-labelledby="mark-first-h"
      className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm sm:p-4"
    >
      <h2 id="mark-first-h" className="font-semibold text-slate-900">
        Mark these first
      </h2>
      <p className="mt-1 text-slate-800">
        {left.length
          ? 'Your marks on these answers teach Markwise most about the rest of the class: each stands for a group of similar answers.'
          : 'You have marked the suggested answers. Press Evaluate Now! again to recalibrate the rest to your marks.'}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {rows.map((s) => (
          <li key={s.id}>
            <Button variant="outline" size="sm" onClick={() => onOpen(s.id)}>
              {s.studentName}
              {s.marksSource === 'teacher' ? ' (marked)' : ''}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
