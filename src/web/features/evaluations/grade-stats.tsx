import { useId } from 'react';
import { computeGradeStats } from '../../../shared/evaluations';
import { formatMarks } from '../../lib/marks';

/**
 * The class statistics for the teacher: average, median and highest marks and a histogram of
 * the marks given so far. Bars are drawn with plain elements; screen readers get a table.
 */
export function GradeStats({
  marks,
  totalMarks,
}: {
  marks: Array<number | null>;
  totalMarks: number;
}) {
  const id = useId();
  const stats = computeGradeStats(marks, totalMarks);
  if (stats.count === 0) return null;
  const tallest = Math.max(...stats.histogram.map((b) => b.count));
  const range = (b: { from: number; to: number }, last: boolean) =>
    `${formatMarks(b.from)} to ${last ? '' : 'under '}${formatMarks(b.to)}`;
  const figure = (n: number | null) => (n === null ? '–' : formatMarks(n));

  return (
    <section aria-labelledby={`${id}-h`} className="rounded-lg border border-slate-200 p-4">
      <h2 id={`${id}-h`} className="font-semibold text-slate-900">
        Class statistics
      </h2>
      <p className="text-sm text-slate-700">
        {stats.count} of {marks.length} {marks.length === 1 ? 'answer' : 'answers'} marked, out of{' '}
        {totalMarks}.
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 sm:gap-3">
        {(
          [
            ['Average', stats.average],
            ['Median', stats.median],
            ['Highest', stats.highest],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className="rounded-lg bg-slate-50 p-2 text-center sm:p-3">
            <dt className="text-xs text-slate-700 sm:text-sm">{term}</dt>
            <dd className="text-lg font-bold text-slate-900 sm:text-2xl">{figure(value)}</dd>
          </div>
        ))}
      </dl>
      <h3 id={`${id}-hist`} className="mt-4 text-sm font-medium text-slate-800">
        How the marks are spread
      </h3>
      <div aria-hidden="true" className="mt-2">
        <div className="flex h-28 items-end gap-1 border-b border-slate-300">
          {stats.histogram.map((b, i) => (
            <div
              key={i}
              className="flex h-full flex-1 flex-col justify-end"
              title={`${range(b, i === stats.histogram.length - 1)}: ${b.count}`}
            >
              {b.count > 0 ? (
                <span className="text-center text-[11px] leading-4 text-slate-700">{b.count}</span>
              ) : null}
              <div
                className="rounded-t bg-brand-600"
                style={{ height: `${tallest ? (b.count / tallest) * 85 : 0}%` }}
              />
            </div>
          ))}
        </div>
        <div className="mt-1 flex justify-between text-[11px] text-slate-700">
          <span>0</span>
          <span>{formatMarks(totalMarks / 2)}</span>
          <span>{totalMarks}</span>
        </div>
      </div>
      <table className="sr-only" aria-labelledby={`${id}-hist`}>
        <thead>
          <tr>
            <th scope="col">Marks</th>
            <th scope="col">Answers</th>
          </tr>
        </thead>
        <tbody>
          {stats.histogram.map((b, i) => (
            <tr key={i}>
              <td>{range(b, i === stats.histogram.length - 1)}</td>
              <td>{b.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
