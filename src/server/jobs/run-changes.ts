import {
  ACCEPTED_BY_TEACHER,
  resultOf,
  unreadableResult,
  type AnswerAnalysis,
  type AnswerResult,
  type AnswerScore,
  type PreparedAssignment,
} from '../../grading';
import type { RunChange } from '../../shared/evaluations';
import { parseAi } from '../modules/marks/ai-results.service';

/** An answer's marks as the engine left them (the teacher has not reviewed them). */
export type Unreviewed = {
  id: string;
  studentName: string;
  marks: number;
  aiResult: string | null;
};

/**
 * The unreviewed marks a scored run would change, each with a line per question that moves: the
 * calibration's reason when the teacher's marks moved it, else what the engine now reads in it.
 * Answers the teacher marked are never written, so never listed.
 */
export function runChanges(
  prepared: PreparedAssignment,
  scored: Array<{ id: string; analysis: AnswerAnalysis | null; score: AnswerScore | null }>,
  unreviewed: Unreviewed[],
): RunChange[] {
  const byId = new Map(scored.map((s) => [s.id, s]));
  const changes: RunChange[] = [];
  for (const u of unreviewed) {
    const item = byId.get(u.id);
    if (!item) continue;
    const next = resultOfItem(prepared, item);
    const to = next.status === 'graded' ? next.marks : null;
    if (to === u.marks) continue;
    changes.push({
      submissionId: u.id,
      studentName: u.studentName,
      from: u.marks,
      to,
      reasons: reasonsOf(next, parseAi(u.aiResult)),
    });
  }
  return changes.sort((a, b) => a.studentName.localeCompare(b.studentName));
}

function resultOfItem(
  prepared: PreparedAssignment,
  item: { id: string; analysis: AnswerAnalysis | null; score: AnswerScore | null },
): AnswerResult {
  return item.analysis && item.score
    ? resultOf(prepared, item.analysis, item.score)
    : unreadableResult(prepared, item.id, {
        status: 'unreadable',
        reason: 'empty',
        message: 'The answer could not be read this time.',
        pages: [],
      });
}

/** Why each question moves, in the teacher's words. */
export function reasonsOf(next: AnswerResult, before: ReturnType<typeof parseAi>): string[] {
  if (next.status !== 'graded') return [`The answer could not be read this time: ${next.reason}`];
  const old = before?.status === 'graded' ? before.questions : [];
  const lines: string[] = [];
  for (const q of next.questions) {
    const was = old.find((o) => o.number === q.number)?.marks ?? null;
    if (was === q.marks) continue;
    if (q.calibration) lines.push(q.calibration.note);
    else if (q.matched.some((m) => m.endsWith(ACCEPTED_BY_TEACHER)))
      lines.push(
        `Question ${q.number}: Markwise now reads in this answer what an answer you accepted ` +
          `as right says, so ${was ?? '–'} → ${q.marks}.`,
      );
    else {
      const points = q.matched.length + q.missing.length + (q.contradicted?.length ?? 0);
      lines.push(
        `Question ${q.number}: Markwise now reads ${q.matched.length} of ${points} key points in ` +
          `this answer (the rubric, the model answer or the reading changed), so ${was ?? '–'} → ${q.marks}.`,
      );
    }
  }
  return lines;
}
