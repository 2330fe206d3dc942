import { useState } from 'react';
import { gradesCsvUrl, isActiveRun } from '../../../shared/evaluations';
import { messages } from '../../../shared/messages';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { timeZoneName } from '../../lib/dates';
import { useCancelEvaluation, useLatestRun, useStartEvaluation } from './evaluations-api';
import { EvalIcon } from './icons';
import { runOutcome } from './run-progress';
import { RunProgressBar } from './run-progress-bar';

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
        <Button onClick={handleStart} disabled={start.isPending}>
          <EvalIcon name="sparkle" />
          {start.isPending ? 'Starting…' : 'Evaluate Now!'}
        </Button>
        {active ? (
          <Button
            variant="danger-outline"
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending}
          >
            <EvalIcon name="stop" />
            {cancel.isPending ? 'Stopping…' : 'Stop evaluation'}
          </Button>
        ) : null}
        {hasSubmissions ? (
          <a
            href={gradesCsvUrl(code, timeZoneName())}
            download
            className={buttonClass({ variant: 'outline' })}
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
      {startError && !active ? <Alert tone="error">{startError}</Alert> : null}
      {run?.status === 'failed' ? (
        <Alert tone="error" title={runOutcome(run)}>
          {run.error}
        </Alert>
      ) : null}
    </section>
  );
}
