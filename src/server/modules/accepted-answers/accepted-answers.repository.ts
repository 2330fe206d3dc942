import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AcceptedAnswerTable, Database } from '../../db/schema';

/** An accepted answer with the name of the student whose answer it was taken from. */
export type AcceptedAnswerRow = Selectable<AcceptedAnswerTable> & { student_name: string | null };

/** The assignment's accepted answers by question, oldest first. */
export async function acceptedAnswers(
  db: Kysely<Database>,
  assignmentId: string,
): Promise<AcceptedAnswerRow[]> {
  return db
    .selectFrom('accepted_answer as a')
    .leftJoin('submission as s', 's.id', 'a.submission_id')
    .leftJoin('user as u', 'u.id', 's.student_id')
    .selectAll('a')
    .select('u.name as student_name')
    .where('a.assignment_id', '=', assignmentId)
    .orderBy('a.question')
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
}

/** The texts of one question's accepted answers. */
export async function questionTexts(db: Kysely<Database>, assignmentId: string, question: string) {
  const rows = await db
    .selectFrom('accepted_answer')
    .select('text')
    .where('assignment_id', '=', assignmentId)
    .where('question', '=', question)
    .execute();
  return rows.map((r) => r.text);
}

/** Stores one accepted answer. */
export async function insertAcceptedAnswer(
  db: Kysely<Database>,
  row: Insertable<AcceptedAnswerTable>,
) {
  await db.insertInto('accepted_answer').values(row).execute();
}

/** Deletes one of the assignment's accepted answers; false when it had none by that id. */
export async function deleteAcceptedAnswer(db: Kysely<Database>, assignmentId: string, id: string) {
  const result = await db
    .deleteFrom('accepted_answer')
    .where('assignment_id', '=', assignmentId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
