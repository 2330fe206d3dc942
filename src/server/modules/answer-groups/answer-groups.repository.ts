import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The groups of the assignment's latest run that grouped its answers (null: none yet). */
export async function latestGroups(db: Kysely<Database>, assignmentId: string) {
  const row = await db
    .selectFrom('evaluation_run')
    .select(['id', 'groups'])
    .where('assignment_id', '=', assignmentId)
    .where('groups', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.groups ? { id: row.id, groups: row.groups } : null;
}

/** The assignment's answers with their student's name, the engine's result and one question's teacher mark. */
export async function answersWithMarks(
  db: Kysely<Database>,
  assignmentId: string,
  question: string,
) {
  return db
    .selectFrom('submission as s')
    .innerJoin('user as u', 'u.id', 's.student_id')
    .leftJoin('question_mark as m', (join) =>
      join.onRef('m.submission_id', '=', 's.id').on('m.question', '=', question),
    )
    .select([
      's.id',
      'u.name as student_name',
      's.ai_result',
      'm.marks as teacher_marks',
      'm.by_group',
    ])
    .where('s.assignment_id', '=', assignmentId)
    .execute();
}
