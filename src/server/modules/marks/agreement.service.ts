import type { Kysely } from 'kysely';
import type { Agreement } from '../../../shared/review';
import type { Database } from '../../db/schema';
import type { AssignmentRow } from '../assignments/assignments.service';
import { parseAi } from './marks-state';
import * as repo from './marks.repository';
import { round2 } from '../../../shared/marks-rounding';

function summarise(pairs: Array<{ ai: number; teacher: number }>) {
  if (!pairs.length) return { answers: 0, meanDifference: null, withinHalf: null };
  const diffs = pairs.map((p) => Math.abs(p.ai - p.teacher));
  return {
    answers: pairs.length,
    meanDifference: round2(diffs.reduce((a, b) => a + b, 0) / diffs.length),
    withinHalf: round2(diffs.filter((d) => d <= 0.5 + 1e-9).length / diffs.length),
  };
}

/**
 * How far the AI's proposals are from the teacher's marks where both exist: per question (the
 * teacher's question marks against the AI's), and for totals the teacher set by hand. The mean
 * absolute difference and the share within half a mark.
 */
export async function agreementOf(
  db: Kysely<Database>,
  assignment: AssignmentRow,
): Promise<Agreement> {
  const subs = await repo.marksOfAssignment(db, assignment.id);
  const rows = await repo.questionMarksOfAssignment(db, assignment.id);
  const byQuestion = new Map<string, Array<{ ai: number; teacher: number }>>();
  const totals: Array<{ ai: number; teacher: number }> = [];
  for (const s of subs) {
    const ai = parseAi(s.ai_result);
    if (ai?.status !== 'graded') continue;
    if (s.marks_source === 'teacher' && s.marks !== null) {
      totals.push({ ai: Number(s.ai_marks ?? ai.marks), teacher: Number(s.marks) });
    }
    for (const r of rows.filter((x) => x.submission_id === s.id && x.marks !== null)) {
      const q = ai.questions.find((x) => x.number === r.question);
      if (!q) continue;
      const list = byQuestion.get(r.question) ?? [];
      list.push({ ai: q.marks, teacher: Number(r.marks) });
      byQuestion.set(r.question, list);
    }
  }
  return {
    totals: summarise(totals),
    questions: [...byQuestion]
      .sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }))
      .map(([number, pairs]) => ({ number, ...summarise(pairs) })),
  };
}
