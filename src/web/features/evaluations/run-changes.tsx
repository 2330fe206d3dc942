import { useEffect, useRef } from 'react';
import type { EvaluationRun } from '../../../shared/evaluations';
import { Button } from '../../components/ui/button';
import { formatMarks } from '../../lib/marks';

const marksText = (m: number | null) => (m === null ? 'N/E' : formatMarks(m));

/**
 * What a re-run would change before it is written: each answer whose unreviewed marks move, from
 * and to, and why; the teacher applies the changes or discards the run. Her own marks are never
 * listed: a run does not touch them. Takes the focus when it appears, so a keyboard user lands on it.
 */
export function RunChanges({
  run,
  busy,
  onApply,
  onDiscard,
}: {
  run: EvaluationRun;
  busy: boolean;
  onApply: () => void;
  onDiscard: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [run.id]);
  const n = run.changes.length;
  return (
    <section
      aria-labelledby="run-changes-h"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="run-changes-h" ref={heading} tabIndex={-1} className="font-semibold text-slate-900">
        Check {n === 1 ? '1 change' : `${n} changes`} before they are saved
      </h3>
      <p className="text-sm text-slate-800">
        This evaluation would change marks you have not reviewed. Your own marks stay as they are.
      </p>
      <div>
        <table className="w-full table-fixed text-left text-sm break-words">
          <caption className="sr-only">Marks this evaluation would change</caption>
          <thead>
            <tr className="border-b border-amber-300 text-slate-900">
              <th scope="col" className="w-1/4 py-2 pr-3 font-semibold">
                Student
              </th>
              <th scope="col" className="w-1/4 py-2 pr-3 font-semibold">
                Marks now → after
              </th>
              <th scope="col" className="py-2 font-semibold">
                Why
              </th>
            </tr>
          </thead>
          <tbody>
            {run.changes.map((c) => (
              <tr key={c.submissionId} className="border-b border-amber-200 align-top">
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  {c.studentName}
                </th>
                <td className="py-2 pr-3 text-slate-900">
                  {marksText(c.from)} → {marksText(c.to)}
                </td>
                <td className="py-2 text-slate-800">
                  <ul className="space-y-1">
                    {c.reasons.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={onApply} disabled={busy}>
          Apply {n === 1 ? 'this change' : `these ${n} changes`}
        </Button>
        <Button variant="outline" onClick={onDiscard} disabled={busy}>
          Discard this evaluation
        </Button>
      </div>
    </section>
  );
}
