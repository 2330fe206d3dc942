import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, RubricItemTable } from '../../db/schema';

export type RubricItemRow = Selectable<RubricItemTable>;

/** The assignment's rubric items, by question and position. */
export async function rubricItems(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('rubric_item')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('question')
    .orderBy('position')
    .execute();
}

export async function insertRubricItems(db: Kysely<Database>, rows: Insertable<RubricItemTable>[]) {
  if (rows.length) await db.insertInto('rubric_item').values(rows).execute();
}

export async function updateRubricItem(
  db: Kysely<Database>,
  id: string,
  patch: Updateable<RubricItemTable>,
) {
  await db.updateTable('rubric_item').set(patch).where('id', '=', id).execute();
}

export async function deleteRubricItem(db: Kysely<Database>, id: string) {
  await db.deleteFrom('rubric_item').where('id', '=', id).execute();
}
