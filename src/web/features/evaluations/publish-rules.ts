import type { SubmissionRow } from '../../../shared/assignments';

/** What "Publish marks" for the whole class would do, for the teacher to confirm. */
export interface PublishPlan {
  /** Marked answers that are not published, or have changed since: one per student. */
  students: number;
  /** Of those, the answers whose marks are still the AI's proposal (the teacher set none). */
  unreviewed: number;
  /** Every marked answer. */
  marked: number;
}

/** Which of the class's answers publishing every marked answer would send, and how many are unreviewed. */
export function publishPlan(rows: SubmissionRow[]): PublishPlan {
  const marked = rows.filter((r) => r.marks !== null);
  const waiting = marked.filter((r) => !r.published || r.changedSincePublished);
  return {
    students: waiting.length,
    unreviewed: waiting.filter((r) => r.marksSource !== 'teacher').length,
    marked: marked.length,
  };
}

const students = (n: number) => `${n} student${n === 1 ? '' : 's'}`;

/** The confirmation's sentence: who will see marks, and how many of them nobody has reviewed. */
export function publishQuestion(plan: PublishPlan): string {
  const who = `${students(plan.students)} will see their marks`;
  if (plan.unreviewed === 0) return `${who}; you have reviewed all of them.`;
  const which =
    plan.unreviewed < plan.students
      ? `${plan.unreviewed} of these ${plan.students} marks ${plan.unreviewed === 1 ? 'is' : 'are'}`
      : plan.students === 1
        ? 'the mark is'
        : `all ${plan.students} marks are`;
  const proposal = plan.unreviewed === 1 ? 'the AI’s proposal' : 'the AI’s proposals';
  return `${who}; ${which} ${proposal}, not reviewed by you.`;
}
