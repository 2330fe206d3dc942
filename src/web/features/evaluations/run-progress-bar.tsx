import { useId } from 'react';
import type { EvaluationRun } from '../../../shared/evaluations';
import { runProgress } from './run-progress';

/**
 * A grading run's progress: "Reading answers x / total" while the answers are read, then
 * "Graded done / total", with the answers that could not be read noted below the bar. The
 * percentage and the bar's width are the same number, drawn at once: no width animation, which
 * would leave the bar behind the text it sits beside.
 */
export function RunProgressBar({ run }: { run: EvaluationRun }) {
  const id = useId();
  const p = runProgress(run);
  return (
    <div className="w-full">
      <div className="mb-1 flex justify-between gap-3 text-sm text-slate-800">
        <span id={`${id}-label`} className="font-medium">
          {p.label}
        </span>
        <span aria-hidden="true">{p.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={p.max}
        aria-valuenow={p.value}
        aria-valuetext={p.failedNote ? `${p.label}, ${p.failedNote}` : p.label}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${p.phase === 'reading' ? 'bg-brand-500' : 'bg-brand-700'}`}
          style={{ width: `${p.percent}%` }}
        />
      </div>
      {p.failedNote ? (
        <p className="mt-1 flex items-center gap-1 text-sm text-amber-900">{p.failedNote}</p>
      ) : null}
    </div>
  );
}
