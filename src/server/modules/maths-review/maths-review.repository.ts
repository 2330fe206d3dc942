import type { Insertable, Kysely } from 'kysely';
import type { Database, QuestionSettingTable, ReadingCorrectionTable } from '../../db/schema';

/** The assignment's question settings, by question. */
export async function questionSettings(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('question_setting')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('question')
    .execute();
}

/** Stores one question's settings, replacing what it had. */
export async function upsertQuestionSetting(
  db: Kysely<Database>,
  row: Insertable<QuestionSettingTable>,
) {
  await db
    .insertInto('question_setting')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['assignment_id', 'question']).doUpdateSet({
        tolerance_percent: row.tolerance_percent,
        wrong_unit_share_percent: row.wrong_unit_share_percent,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** The corrections of the given answers, with the name of who made each. */
export async function corrections(db: Kysely<Database>, submissionIds: string[]) {
  if (!submissionIds.length) return [];
  return db
    .selectFrom('reading_correction as r')
    .leftJoin('user as u', 'u.id', 'r.corrected_by')
    .selectAll('r')
    .select('u.name as corrected_by_name')
    .where('r.submission_id', 'in', submissionIds)
    .orderBy('r.submission_id')
    .orderBy('r.question')
    .execute();
}

/** Stores the teacher's correction of one question of one answer, replacing an earlier one. */
export async function upsertCorrection(
  db: Kysely<Database>,
  row: Insertable<ReadingCorrectionTable>,
) {
  await db
    .insertInto('reading_correction')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['submission_id', 'question']).doUpdateSet({
        text: row.text,
        corrected_by: row.corrected_by,
        corrected_at: row.corrected_at,
      }),
    )
    .execute();
}

/** Deletes one correction; false when there was none. */
export async function deleteCorrection(
  db: Kysely<Database>,
  submissionId: string,
  question: string,
) {
  const result = await db
    .deleteFrom('reading_correction')
    .where('submission_id', '=', submissionId)
    .where('question', '=', question)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
