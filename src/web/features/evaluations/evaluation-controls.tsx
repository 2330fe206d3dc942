import { useEffect, useRef, useState } from 'react';
import { gradesCsvUrl, isActiveRun, type EvaluationRun } from '../../../shared/evaluations';
import { messages } from '../../../shared/messages';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError } from '../../lib/api';
import { timeZoneName } from '../../lib/dates';
import {
  useCancelEvaluation,
  useConfirmEvaluation,
  useLatestRun,
  useStartEvaluation,
  useUndoEvaluation,
} from './evaluations-api';
import { EvalIcon } from './icons';
import { runOutcome } from './run-progress';
import { RunChanges } from './run-changes';
import { RunProgressBar } from './run-progress-bar';

/**
 * The teacher's "Evaluate Now!" with the run's live progress and a "Stop evaluation" button while
 * it runs, the changes a re-run would make to unreviewed marks (to apply or discard), "Undo last
 * evaluation", the reasons a run could not start or stopped, and "Download CSV". `onFinished`
 * runs when a run watched on this page ends, so the page can load the new marks; the run is said
 * to be done once they are loaded, never beside the marks it replaced.
 */
export function EvaluationControls({
  code,
  hasSubmissions,
  onFinished,
  showRun = true,
}: {
  code: string;
  hasSubmissions: boolean;
  onFinished: () => unknown;
  /** False where the page shows the run's progress and changes itself (the answer groups). */
  showRun?: boolean;
}) {
  // The run (and how it stopped) whose marks this page has loaded since it finished here: "done"
  // is said for that run only, never beside the marks it replaced, nor for a later run.
  const [loaded, setLoaded] = useState<string | null>(null);
  const latest = useLatestRun(code, {
    onFinished: (stopped) => {
      const key = stopKey(stopped);
      void Promise.resolve(onFinished()).finally(() => setLoaded(key));
    },
  });
  const start = useStartEvaluation(code);
  const cancel = useCancelEvaluation(code);
  const confirm = useConfirmEvaluation(code);
  const undo = useUndoEvaluation(code);
  const [asking, setAsking] = useState(false);
  // What the teacher just did without a run to watch (discarded, undone): said where focus goes.
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const run = latest.data?.run ?? null;
  const active = isActiveRun(run);
  const awaiting = run?.status === 'awaiting-confirmation';

  const handleStart = () => {
    setLoaded(null);
    setDone(null);
    start.mutate();
  };
  const handleDiscard = () =>
    cancel.mutate(undefined, {
      onSuccess: () => setDone('You discarded the evaluation; no marks changed.'),
    });
  const handleUndo = () =>
    undo.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        setLoaded(null);
        setDone(messages.evaluationUndone);
        onFinished();
      },
      onError: () => setAsking(false),
    });
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
        {run?.canUndo && !active ? (
          <Button variant="outline" onClick={() => setAsking(true)} disabled={undo.isPending}>
            Undo last evaluation
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
        {!showRun ? null : active ? (
          <p className="font-semibold text-brand-800">{messages.evaluating}</p>
        ) : run?.status === 'finished' && loaded === stopKey(run) ? (
          <p className="text-emerald-900">
            <span className="font-semibold">{messages.evaluationDone}</span> {runOutcome(run)}
          </p>
        ) : done ? (
          <p ref={doneRef} tabIndex={-1} className="text-slate-800">
            {done}
          </p>
        ) : run?.status === 'cancelled' ? (
          <p className="text-slate-800">
            {runOutcome(run)} Marks given before you stopped it are kept.
          </p>
        ) : null}
      </div>
      {showRun && active && run ? <RunProgressBar run={run} /> : null}
      {showRun && awaiting && run ? (
        <RunChanges
          run={run}
          busy={confirm.isPending || cancel.isPending}
          onApply={() => {
            setDone(null);
            setLoaded(null);
            confirm.mutate();
          }}
          onDiscard={handleDiscard}
        />
      ) : null}
      {undo.error instanceof ApiError ? <Alert tone="error">{undo.error.message}</Alert> : null}
      <ConfirmDialog
        open={asking}
        title="Undo the last evaluation?"
        text="Every answer it marked gets back the marks and explanation it had before. Marks you gave yourself stay as they are."
        confirmLabel="Undo evaluation"
        busy={undo.isPending}
        onConfirm={handleUndo}
        onCancel={() => setAsking(false)}
      />
      {startError && !active ? <Alert tone="error">{startError}</Alert> : null}
      {run?.status === 'failed' ? (
        <Alert tone="error" title={runOutcome(run)}>
          {run.error}
        </Alert>
      ) : null}
    </section>
  );
}

/** Which run stopped, and how: the same run stops twice when its changes wait to be applied. */
const stopKey = (run: EvaluationRun | null) => (run ? `${run.id}:${run.status}` : null);
