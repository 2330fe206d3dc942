import type { Kysely } from 'kysely';
import { decodeReading } from '../../../grading';
import type { ReadingCorrection } from '../../../shared/maths';
import type { ReadingChangeResponse, ReadingCorrectionBody } from '../../../shared/maths-review';
import { messages } from '../../../shared/messages';
import type { CurrentUser } from '../../auth/current-user';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import type { AssignmentRow } from '../assignments/assignments.service';
import { findQuestion, questionsOf, type QuestionDeps } from '../assignments/questions.service';
import { startAnswerRegrade, type QueueRun } from '../evaluations/evaluations.service';
import { findSubmissionIn } from '../submissions/submissions.service';
import * as repo from './maths-review.repository';

type CorrectionRow = Awaited<ReturnType<typeof repo.corrections>>[number];

const toCorrection = (r: CorrectionRow): ReadingCorrection => ({
  question: r.question,
  text: r.text,
  correctedBy: r.corrected_by_name,
  correctedAt: r.corrected_at,
});

/** The teacher's corrections of what the engine read in one answer, by question (owner's review). */
export async function correctionsOf(
  db: Kysely<Database>,
  submissionId: string,
): Promise<ReadingCorrection[]> {
  return (await repo.corrections(db, [submissionId])).map(toCorrection);
}

/**
 * The corrected readings of the given answers, by answer and then question number: what a
 * grading run reads in place of the engine's own reading of those questions.
 */
export async function readingsByAnswer(
  db: Kysely<Database>,
  submissionIds: string[],
): Promise<Map<string, Record<string, string>>> {
  const out = new Map<string, Record<string, string>>();
  for (const r of await repo.corrections(db, submissionIds)) {
    const own = out.get(r.submission_id) ?? {};
    own[r.question] = r.text;
    out.set(r.submission_id, own);
  }
  return out;
}

/** What correcting or removing a reading needs: the papers' readers and the grading queue. */
export interface ReadingDeps extends QuestionDeps {
  queued: QueueRun;
}

/** The answer and question a correction is about, after checking both are the assignment's. */
async function target(
  deps: QuestionDeps,
  assignment: AssignmentRow,
  submissionId: string,
  number: string,
) {
  const question = findQuestion(await questionsOf(deps, assignment), number);
  const submission = await findSubmissionIn(deps.db.kysely, assignment, submissionId);
  if (decodeReading(submission.reading)?.status !== 'ok')
    throw conflict('reading_not_read', messages.readingNotRead);
  return { question, submission };
}

const regradeMessages = {
  busy: messages.readingWhileRunning,
  awaiting: messages.readingWhileAwaiting,
};

/**
 * The teacher corrects what the engine read for one question of one answer: the correction is
 * stored (with who and when) and the answer is regraded at once, reading the correction in place
 * of the engine's reading; the teacher's own marks stay hers. 404 for an answer or question the
 * assignment lacks; 409 when the answer could not be read, or while another run works or waits.
 */
export async function correctReading(
  deps: ReadingDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  submissionId: string,
  number: string,
  body: ReadingCorrectionBody,
): Promise<ReadingChangeResponse> {
  const { question, submission } = await target(deps, assignment, submissionId, number);
  const db = deps.db.kysely;
  const run = await startAnswerRegrade(db, assignment, submission.id, deps.queued, {
    ...regradeMessages,
    before: (trx) =>
      repo.upsertCorrection(trx, {
        submission_id: submission.id,
        question: question.number,
        text: body.text,
        corrected_by: teacher.id,
        corrected_at: nowIso(),
      }),
  });
  const correction = (await correctionsOf(db, submission.id)).find(
    (c) => c.question === question.number,
  );
  return { correction: correction ?? null, run };
}

/**
 * Removes the teacher's correction of one question: the answer is regraded at once on the
 * engine's own reading. 404 when the question has no correction.
 */
export async function removeReading(
  deps: ReadingDeps,
  assignment: AssignmentRow,
  submissionId: string,
  number: string,
): Promise<ReadingChangeResponse> {
  const { question, submission } = await target(deps, assignment, submissionId, number);
  const run = await startAnswerRegrade(deps.db.kysely, assignment, submission.id, deps.queued, {
    ...regradeMessages,
    before: async (trx) => {
      if (!(await repo.deleteCorrection(trx, submission.id, question.number)))
        throw new AppError(404, 'not_found', messages.readingNotFound);
    },
  });
  return { correction: null, run };
}
