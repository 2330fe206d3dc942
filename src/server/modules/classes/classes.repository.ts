import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ClassInvitationTable, ClassTable, Database } from '../../db/schema';

/** A class row with its owner's display name. */
export type ClassRow = Selectable<ClassTable> & { owner_name: string };

const withOwner = (db: Kysely<Database>) =>
  db
    .selectFrom('class')
    .innerJoin('user', 'user.id', 'class.owner_id')
    .selectAll('class')
    .select('user.name as owner_name');

/** The class with this id. */
export const findClass = (db: Kysely<Database>, id: string): Promise<ClassRow | undefined> =>
  withOwner(db).where('class.id', '=', id).executeTakeFirst();

/** The class with this (already normalised) join code. */
export const findClassByCode = (db: Kysely<Database>, code: string) =>
  withOwner(db).where('class.code', '=', code).executeTakeFirst();

/** Whether a join code is taken by a class or an assignment (both are typed into the same box). */
export async function joinCodeTaken(db: Kysely<Database>, code: string): Promise<boolean> {
  const [c, a] = await Promise.all([
    db.selectFrom('class').select('id').where('code', '=', code).executeTakeFirst(),
    db.selectFrom('assignment').select('id').where('code', '=', code).executeTakeFirst(),
  ]);
  return c !== undefined || a !== undefined;
}

export async function insertClass(db: Kysely<Database>, row: Insertable<ClassTable>) {
  await db.insertInto('class').values(row).execute();
}

export async function updateClass(db: Kysely<Database>, id: string, patch: Updateable<ClassTable>) {
  await db.updateTable('class').set(patch).where('id', '=', id).execute();
}

export async function deleteClass(db: Kysely<Database>, id: string) {
  await db.deleteFrom('class').where('id', '=', id).execute();
}

/** The user's membership of the class (removed ones too), if any. */
export const findMember = (db: Kysely<Database>, classId: string, userId: string) =>
  db
    .selectFrom('class_member')
    .selectAll()
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** Adds a member, or makes a removed one a member again. */
export async function upsertMember(
  db: Kysely<Database>,
  row: { class_id: string; user_id: string; role: 'student' | 'teacher'; joined_at: string },
) {
  await db
    .insertInto('class_member')
    .values({ ...row, removed_at: null })
    .onConflict((oc) =>
      oc.columns(['class_id', 'user_id']).doUpdateSet({
        role: row.role,
        joined_at: row.joined_at,
        removed_at: null,
      }),
    )
    .execute();
}

/** Marks a member removed (the row stays, so a removed student cannot join again by code). */
export async function markRemoved(
  db: Kysely<Database>,
  classId: string,
  userId: string,
  at: string,
) {
  await db
    .updateTable('class_member')
    .set({ removed_at: at })
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Kysely<Database>, classId: string, userId: string) {
  await db
    .deleteFrom('class_member')
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .execute();
}

/** Every class the user owns or belongs to (not removed), with her membership's role. */
export async function classesOf(db: Kysely<Database>, userId: string) {
  const owned = await withOwner(db).where('class.owner_id', '=', userId).execute();
  const joined = await withOwner(db)
    .innerJoin('class_member', 'class_member.class_id', 'class.id')
    .select('class_member.role as member_role')
    .where('class_member.user_id', '=', userId)
    .where('class_member.removed_at', 'is', null)
    .execute();
  return { owned, joined };
}

/** The class's assignments, soonest deadline first. */
export const classAssignments = (db: Kysely<Database>, classId: string) =>
  db
    .selectFrom('assignment')
    .select(['id', 'code', 'title', 'deadline', 'anonymous_marking'])
    .where('class_id', '=', classId)
    .orderBy('deadline')
    .orderBy('code')
    .execute();

/** The class's owner and co-teachers. */
export const classTeachers = (db: Kysely<Database>, c: Pick<ClassRow, 'id' | 'owner_id'>) =>
  db
    .selectFrom('user')
    .leftJoin('class_member', (j) =>
      j
        .onRef('class_member.user_id', '=', 'user.id')
        .on('class_member.class_id', '=', c.id)
        .on('class_member.role', '=', 'teacher')
        .on('class_member.removed_at', 'is', null),
    )
    .select(['user.id', 'user.name', 'user.email', 'class_member.joined_at'])
    .where((eb) =>
      eb.or([eb('user.id', '=', c.owner_id), eb('class_member.user_id', 'is not', null)]),
    )
    .orderBy('user.name')
    .execute();

/** The class's students (not removed), by name. */
export const classStudents = (db: Kysely<Database>, classId: string) =>
  db
    .selectFrom('class_member')
    .innerJoin('user', 'user.id', 'class_member.user_id')
    .select(['user.id', 'user.name', 'user.email', 'class_member.joined_at'])
    .where('class_member.class_id', '=', classId)
    .where('class_member.role', '=', 'student')
    .where('class_member.removed_at', 'is', null)
    .orderBy('user.name')
    .orderBy('user.email')
    .execute();

/** Every hand-in to the class's assignments: who, which, and whether marked or published. */
export const classSubmissions = (db: Kysely<Database>, classId: string) =>
  db
    .selectFrom('submission')
    .innerJoin('assignment', 'assignment.id', 'submission.assignment_id')
    .select([
      'submission.assignment_id',
      'submission.student_id',
      'submission.marks',
      'submission.published_at',
    ])
    .where('assignment.class_id', '=', classId)
    .execute();

/** Enrolls each student in each assignment (joining twice is harmless). */
export async function enrollAll(
  db: Kysely<Database>,
  studentIds: string[],
  assignmentIds: string[],
  at: string,
) {
  const rows = studentIds.flatMap((student_id) =>
    assignmentIds.map((assignment_id) => ({ assignment_id, student_id, joined_at: at })),
  );
  // Chunks keep each statement under SQLite's limit of bound values.
  for (let i = 0; i < rows.length; i += 300) {
    await db
      .insertInto('enrollment')
      .values(rows.slice(i, i + 300))
      .onConflict((oc) => oc.columns(['assignment_id', 'student_id']).doNothing())
      .execute();
  }
}

/** Takes the student out of every assignment of the class (her submissions stay). */
export async function unenrollFromClass(db: Kysely<Database>, classId: string, studentId: string) {
  await db
    .deleteFrom('enrollment')
    .where('student_id', '=', studentId)
    .where('assignment_id', 'in', (eb) =>
      eb.selectFrom('assignment').select('id').where('class_id', '=', classId),
    )
    .execute();
}

/** Ids of the students enrolled in an assignment. */
export const enrolledIn = async (db: Kysely<Database>, assignmentId: string) =>
  (
    await db
      .selectFrom('enrollment')
      .select('student_id')
      .where('assignment_id', '=', assignmentId)
      .execute()
  ).map((r) => r.student_id);

/** Removed students of the class (ids). */
export const removedStudents = async (db: Kysely<Database>, classId: string) =>
  (
    await db
      .selectFrom('class_member')
      .select('user_id')
      .where('class_id', '=', classId)
      .where('role', '=', 'student')
      .where('removed_at', 'is not', null)
      .execute()
  ).map((r) => r.user_id);

export async function deleteEnrollments(
  db: Kysely<Database>,
  assignmentId: string,
  studentIds: string[],
) {
  if (studentIds.length === 0) return;
  await db
    .deleteFrom('enrollment')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', 'in', studentIds)
    .execute();
}

/** Sets the assignment's class. */
export async function setAssignmentClass(
  db: Kysely<Database>,
  assignmentId: string,
  classId: string,
) {
  await db
    .updateTable('assignment')
    .set({ class_id: classId })
    .where('id', '=', assignmentId)
    .execute();
}

/** Classes not archived whose term ended before `today` (YYYY-MM-DD). */
export const classesDueForArchive = (db: Kysely<Database>, today: string) =>
  db
    .selectFrom('class')
    .select('id')
    .where('archived_at', 'is', null)
    .where('term_ends_on', 'is not', null)
    .where('term_ends_on', '<', today)
    .execute();

/** A user by email (case ignored), with her role. */
export const userByEmail = (db: Kysely<Database>, email: string) =>
  db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'role'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();

export async function insertInvitations(
  db: Kysely<Database>,
  rows: Insertable<ClassInvitationTable>[],
) {
  for (let i = 0; i < rows.length; i += 50)
    await db
      .insertInto('class_invitation')
      .values(rows.slice(i, i + 50))
      .execute();
}

/** An invitation by its token's hash, with its class. */
export const invitationByHash = (db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('class_invitation')
    .selectAll('class_invitation')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();

/** Marks the invitation used by the user, unless it was already; whether this call did. */
export async function markAccepted(
  db: Kysely<Database>,
  id: string,
  userId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('class_invitation')
    .set({ accepted_at: at, accepted_by: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Invitations of the class still open (not used, not expired at `now`), newest first. */
export const openInvitations = (db: Kysely<Database>, classId: string, now: string) =>
  db
    .selectFrom('class_invitation')
    .select(['email', 'expires_at'])
    .where('class_id', '=', classId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();

/** Emails (lower case) of the class's current students. */
export const studentEmails = async (db: Kysely<Database>, classId: string) =>
  new Set(
    (
      await db
        .selectFrom('class_member')
        .innerJoin('user', 'user.id', 'class_member.user_id')
        .select('user.email')
        .where('class_member.class_id', '=', classId)
        .where('class_member.role', '=', 'student')
        .where('class_member.removed_at', 'is', null)
        .execute()
    ).map((r) => r.email.toLowerCase()),
  );

/** Ids of the classes the teacher co-teaches. */
export const coTaughtClassIds = async (db: Kysely<Database>, userId: string) =>
  (
    await db
      .selectFrom('class_member')
      .select('class_id')
      .where('user_id', '=', userId)
      .where('role', '=', 'teacher')
      .where('removed_at', 'is', null)
      .execute()
  ).map((r) => r.class_id);
