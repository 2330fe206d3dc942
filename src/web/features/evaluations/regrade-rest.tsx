import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type Ref } from 'react';
import { isActiveRun } from '../../../shared/evaluations';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import {
  useCancelEvaluation,
  useConfirmEvaluation,
  useLatestRun,
  useStartEvaluation,
} from './evaluations-api';
import { EvalIcon } from './icons';
import { runOutcome } from './run-progress';
import { RunChanges } from './run-changes';
import { RunProgressBar } from './run-progress-bar';

/** What the teacher marked by groups (see features/answer-groups) since the class was last graded. */
export type MarkedSince = { groups: number; answers: number };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * "Regrade the rest with your marks", beside the groups: it appears once the teacher has marked a
 * group, and grading the class again takes her marks as evidence for the answers she has not
 * marked (a run, as Evaluate Now! starts). The run's progress, the changes it waits with for her
 * to apply and its outcome are shown here, and the groups reload when it ends. Not automatic: a
 * run regroups the class and may wait for her to check its changes, which would move the groups
 * under her keyboard while she marks the next one.
 */
export function RegradeRest({
  code,
  marked,
  onRegraded,
  buttonRef,
}: {
  code: string;
  marked: MarkedSince;
  /** The run ended: what was marked before is now evidence. */
  onRegraded: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<{ done: boolean; text: string } | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const latest = useLatestRun(code, {
    onFinished: () => {
      const run = latest.data?.run;
      // a run that waits for her to check its changes has not ended yet
      if (!run || run.status === 'awaiting-confirmation') return;
      const done = run.status === 'finished';
      setOutcome({ done, text: runOutcome(run) });
      if (done) onRegraded();
      void client.invalidateQueries({ queryKey: ['assignments', code] });
    },
  });
  const start = useStartEvaluation(code);
  const confirm = useConfirmEvaluation(code);
  const cancel = useCancelEvaluation(code);
  const run = latest.data?.run ?? null;
  const active = isActiveRun(run);
  const awaiting = run?.status === 'awaiting-confirmation';
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  if (!marked.groups && !active && !awaiting && !outcome?.done) return null;

  return (
    <section
      aria-labelledby="regrade-rest-h"
      className="space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm sm:p-4"
    >
      <h3 id="regrade-rest-h" className="font-semibold text-slate-900">
        Regrade the rest with your marks
      </h3>
      {marked.groups ? (
        <p className="text-slate-800">
          You marked {plural(marked.groups, 'group')} ({plural(marked.answers, 'answer')}). Markwise
          grades the answers you have not marked again, with your marks as evidence; your marks stay
          as they are.
        </p>
      ) : null}
      {!active && !awaiting && marked.groups ? (
        <Button
          ref={buttonRef}
          onClick={() => {
            setOutcome(null);
            start.mutate();
          }}
          disabled={start.isPending}
        >
          <EvalIcon name="sparkle" />
          {start.isPending ? 'Starting…' : 'Regrade the rest with your marks'}
        </Button>
      ) : null}
      <div role="status">
        {active ? (
          <p className="font-semibold text-brand-800">Regrading the rest of the class…</p>
        ) : outcome?.done && !marked.groups ? (
          <p ref={outcomeRef} tabIndex={-1} className="text-emerald-900">
            <span className="font-semibold">Regraded with your marks.</span> {outcome.text} The
            groups below are the new ones.
          </p>
        ) : outcome ? (
          <p ref={outcomeRef} tabIndex={-1} className="text-slate-800">
            {outcome.text}
          </p>
        ) : null}
      </div>
      {active && run ? <RunProgressBar run={run} /> : null}
      {awaiting && run ? (
        <RunChanges
          run={run}
          busy={confirm.isPending || cancel.isPending}
          onApply={() => confirm.mutate()}
          onDiscard={() => cancel.mutate()}
        />
      ) : null}
      {start.error ? (
        <Alert tone="error">
          {start.error instanceof ApiError
            ? start.error.message
            : 'The regrading could not be started. Please try again.'}
        </Alert>
      ) : null}
    </section>
  );
}
