import { isActiveRun, type EvaluationRun } from '../../../shared/evaluations';

/** What the progress bar of a grading run shows: its phase, label and position. */
export interface RunProgress {
  phase: 'reading' | 'grading';
  /** "Reading answers 3 / 10" or "Graded 7 / 10". */
  label: string;
  /** "2 could not be read", or null when every answer was read. */
  failedNote: string | null;
  value: number;
  max: number;
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(n, max));

/**
 * The progress of a run as the teacher reads it. The worker first reads every answer (the
 * "read" counter; it may also read answers the teacher marked, which only calibrate, so it is
 * capped at the total), then grades them; answers that could not be read count as "failed".
 */
export function runProgress(run: EvaluationRun): RunProgress {
  const total = Math.max(0, run.total);
  const handled = run.done + run.failed;
  const failedNote = run.failed > 0 ? `${run.failed} could not be read` : null;
  if (handled === 0 && isActiveRun(run)) {
    const read = clamp(run.read, total);
    return {
      phase: 'reading',
      label: `Reading answers ${read} / ${total}`,
      failedNote,
      value: read,
      max: total,
    };
  }
  return {
    phase: 'grading',
    label: `Graded ${clamp(run.done, total)} / ${total}`,
    failedNote,
    value: clamp(handled, total),
    max: total,
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
