import { useState } from 'react';
import { gradesCsvUrl, isActiveRun } from '../../../shared/evaluations';
import { messages } from '../../../shared/messages';
import { ApiError } from '../../lib/api';
import { useCancelEvaluation, useLatestRun, useStartEvaluation } from './evaluations-api';
import { EvalIcon } from './icons';
import { runOutcome } from './run-progress';
import { RunProgressBar } from './run-progress-bar';

const button =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold';

/**
 * The teacher's "Evaluate Now!" with the run's live progress and a "Stop evaluation" button while
 * it runs, the reasons a run could not start or stopped, and "Download CSV". `onFinished` runs when a run watched on this page ends, so
 * the page can load the new marks.
 */
export function EvaluationControls({
  code,
  hasSubmissions,
  onFinished,
}: {
  code: string;
  hasSubmissions: boolean;
  onFinished: () => void;
}) {
  const [finishedHere, setFinishedHere] = useState(false);
  const latest = useLatestRun(code, {
    onFinished: () => {
      setFinishedHere(true);
      onFinished();
    },
  });
  const start = useStartEvaluation(code);
  const cancel = useCancelEvaluation(code);
  const run = latest.data?.run ?? null;
  const active = isActiveRun(run);

  const handleStart = () => {
    setFinishedHere(false);
    start.mutate();
  };
  const startError =
    start.error instanceof ApiError
      ? start.error.message
      : start.error
        ? 'The evaluation could not be started. Please try again.'
        : null;

  return (
    <section aria-label="Evaluation" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={handleStart}
          disabled={start.isPending}
          className={`${button} bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60`}
        >
          <EvalIcon name="sparkle" />
          {start.isPending ? 'Starting…' : 'Evaluate Now!'}
        </button>
        {active ? (
          <button
            type="button"
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending}
            className={`${button} border border-red-700 text-red-800 hover:bg-red-50 disabled:opacity-60`}
          >
            <EvalIcon name="stop" />
            {cancel.isPending ? 'Stopping…' : 'Stop evaluation'}
          </button>
        ) : null}
        {hasSubmissions ? (
          <a
            href={gradesCsvUrl(code)}
            download
            className={`${button} border border-brand-700 text-brand-700 hover:bg-brand-50`}
          >
            <EvalIcon name="download" />
            Download CSV
          </a>
        ) : null}
      </div>
      <div role="status" className="text-sm">
        {active ? (
          <p className="font-semibold text-brand-800">{messages.evaluating}</p>
        ) : finishedHere && run?.status === 'finished' ? (
          <p className="text-emerald-900">
            <span className="font-semibold">{messages.evaluationDone}</span> {runOutcome(run)}
          </p>
        ) : run?.status === 'cancelled' ? (
          <p className="text-slate-800">
            {runOutcome(run)} Marks given before you stopped it are kept.
          </p>
        ) : null}
      </div>
      {active && run ? <RunProgressBar run={run} /> : null}
      {startError && !active ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          {startError}
        </p>
      ) : null}
      {run?.status === 'failed' ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <p className="font-semibold">{runOutcome(run)}</p>
          {run.error ? <p className="mt-1">{run.error}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
