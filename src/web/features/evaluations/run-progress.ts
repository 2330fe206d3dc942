import { isActiveRun, type EvaluationRun } from '../../../shared/evaluations';

/**
 * What the progress bar of a grading run shows: its phase, label and position. The label's
 * "value / max", `percent` and the bar's width are one fraction: the bar is drawn at `percent`.
 */
export interface RunProgress {
  phase: 'reading' | 'grading';
  /** "Reading answers 3 / 10" or "Graded 7 / 10". */
  label: string;
  /** "2 could not be read", or null when every answer was read. */
  failedNote: string | null;
  value: number;
  max: number;
  /** value / max as a whole percentage (100 when there is nothing to do). */
  percent: number;
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(n, max));

const percentOf = (value: number, max: number) => (max > 0 ? Math.floor((value / max) * 100) : 100);

/**
 * The progress of a run as the teacher reads it. The worker first reads every answer (the
 * "read" counter; it may also read answers the teacher marked, which only calibrate, so it is
 * capped at the total), then grades them; answers that could not be read count as "failed" and
 * are noted apart, so the bar, its percentage and "Graded x / total" always say the same.
 */
export function runProgress(run: EvaluationRun): RunProgress {
  const total = Math.max(0, run.total);
  const handled = run.done + run.failed;
  const failedNote = run.failed > 0 ? `${run.failed} could not be read` : null;
  const reading = handled === 0 && isActiveRun(run);
  const value = clamp(reading ? run.read : run.done, total);
  return {
    phase: reading ? 'reading' : 'grading',
    label: reading ? `Reading answers ${value} / ${total}` : `Graded ${value} / ${total}`,
    failedNote,
    value,
    max: total,
    percent: percentOf(value, total),
  };
}

/** One sentence about a run that has ended, for the line under the Evaluate Now! button. */
export function runOutcome(run: EvaluationRun): string {
  const { label, failedNote } = runProgress(run);
  const counts = `${label}${failedNote ? `; ${failedNote}` : ''}`;
  if (run.status === 'failed') return `The evaluation stopped. ${counts}.`;
  if (run.status === 'cancelled') return `The evaluation was cancelled. ${counts}.`;
  return `${counts}.`;
}
