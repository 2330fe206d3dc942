import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AssignmentTable, Database } from '../../db/schema';

/**
 * An assignment row with its teacher's display name and, when it belongs to a class, the class's
 * name, when it was archived and its co-teachers' ids (what the policy needs to decide who
 * teaches it and whether it is read-only).
 */
export type AssignmentRow = Selectable<AssignmentTable> & {
  teacher_name: string;
  /** Read by findByCode (rows read elsewhere may leave them out: then nothing is known of a class). */
  class_name?: string | null;
  class_archived_at?: string | null;
  co_teacher_ids?: string[];
};

const withTeacher = (db: Kysely<Database>) =>
  db
    .selectFrom('assignment')
    .innerJoin('user', 'user.id', 'assignment.teacher_id')
    .leftJoin('class', 'class.id', 'assignment.class_id')
    .selectAll('assignment')
    .select(['user.name as teacher_name', 'class.name as class_name'])
    .select('class.archived_at as class_archived_at');

/** The assignment with this (already normalised) class code. */
export async function findByCode(
  db: Kysely<Database>,
  code: string,
): Promise<AssignmentRow | undefined> {
  const row = await withTeacher(db).where('assignment.code', '=', code).executeTakeFirst();
  if (!row) return undefined;
  const coTeachers = row.class_id
    ? await db
        .selectFrom('class_member')
        .select('user_id')
        .where('class_id', '=', row.class_id)
        .where('role', '=', 'teacher')
        .where('removed_at', 'is', null)
        .execute()
    : [];
  return { ...row, co_teacher_ids: coTeachers.map((r) => r.user_id) };
}

/** Whether a class code is taken, by an assignment or a class (both are typed into the same box). */
export async function codeTaken(db: Kysely<Database>, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('assignment')
    .select('id')
    .where('code', '=', code)
    .unionAll(db.selectFrom('class').select('id').where('code', '=', code))
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts an assignment. */
export async function insertAssignment(db: Kysely<Database>, row: Insertable<AssignmentTable>) {
  await db.insertInto('assignment').values(row).execute();
}

/** Updates an assignment's columns. */
export async function updateAssignment(
  db: Kysely<Database>,
  id: string,
  patch: Updateable<AssignmentTable>,
) {
  await db.updateTable('assignment').set(patch).where('id', '=', id).execute();
}

/** What a dashboard card shows of an assignment. */
export type CardRow = Pick<
  AssignmentRow,
  'code' | 'title' | 'description' | 'deadline' | 'teacher_name'
>;

/** Only the columns a card shows: reading every column of 100 rows costs more than the query. */
const cardColumns = [
  'assignment.code',
  'assignment.title',
  'assignment.description',
  'assignment.deadline',
] as const;

/** A card of a teacher's own list: they all share the teacher's name, which the caller knows. */
export type OwnCardRow = Omit<CardRow, 'teacher_name'>;

/** A teacher's card with what waits for them: answers to review, regrade requests to answer. */
export type TeacherCardRow = OwnCardRow & {
  to_review: number | string | bigint;
  open_regrades: number | string | bigint;
};

/**
 * The teacher's own assignments' cards, soonest deadline first (index assignment_teacher_idx),
 * each with how many answers wait for review (handed in, neither marked by the teacher nor
 * published) and how many regrade requests are open.
 */
export async function listByTeacher(
  db: Kysely<Database>,
  teacherId: string,
): Promise<TeacherCardRow[]> {
  return teacherCards(db)
    .where('assignment.teacher_id', '=', teacherId)
    .orderBy('assignment.deadline')
    .execute() as Promise<TeacherCardRow[]>;
}

/** The cards of the assignments of classes a teacher co-teaches, with their owner's name. */
export async function listCoTaught(
  db: Kysely<Database>,
  classIds: string[],
): Promise<Array<TeacherCardRow & { teacher_name: string }>> {
  if (classIds.length === 0) return [];
  return teacherCards(db)
    .innerJoin('user', 'user.id', 'assignment.teacher_id')
    .select('user.name as teacher_name')
    .where('assignment.class_id', 'in', classIds)
    .orderBy('assignment.deadline')
    .execute() as Promise<Array<TeacherCardRow & { teacher_name: string }>>;
}

/** A teacher's cards with their review and regrade counts (see listByTeacher). */
const teacherCards = (db: Kysely<Database>) =>
  db
    .selectFrom('assignment')
    .select(cardColumns)
    .select((eb) => [
      eb
        .selectFrom('submission')
        .select((s) => s.fn.countAll().as('n'))
        .whereRef('submission.assignment_id', '=', 'assignment.id')
        .where('submission.published_at', 'is', null)
        .where((w) =>
          w.or([w('submission.marks_source', 'is', null), w('submission.marks_source', '=', 'ai')]),
        )
        .as('to_review'),
      eb
        .selectFrom('regrade_request')
        .innerJoin('submission', 'submission.id', 'regrade_request.submission_id')
        .select((s) => s.fn.countAll().as('n'))
        .whereRef('submission.assignment_id', '=', 'assignment.id')
        .where('regrade_request.status', '=', 'open')
        .as('open_regrades'),
    ]);

/** A joined assignment's card with whether the student handed in and when their marks were published. */
export type JoinedCardRow = CardRow & {
  submission_id: string | null;
  published_at: string | null;
  /** The student's own later deadline (extension), or null. */
  extended_deadline: string | null;
};

/**
 * The cards of the assignments a student has joined, soonest deadline first, each with their
 * own submission's id and publication time (one query; nothing about marks is read, so nothing
 * about them can leak into a card).
 */
export async function listByStudent(
  db: Kysely<Database>,
  studentId: string,
): Promise<JoinedCardRow[]> {
  return db
    .selectFrom('assignment')
    .innerJoin('user', 'user.id', 'assignment.teacher_id')
    .select([...cardColumns, 'user.name as teacher_name'])
    .innerJoin('enrollment', 'enrollment.assignment_id', 'assignment.id')
    .leftJoin('submission', (j) =>
      j
        .onRef('submission.assignment_id', '=', 'enrollment.assignment_id')
        .onRef('submission.student_id', '=', 'enrollment.student_id'),
    )
    .leftJoin('extension', (j) =>
      j
        .onRef('extension.assignment_id', '=', 'enrollment.assignment_id')
        .onRef('extension.student_id', '=', 'enrollment.student_id'),
    )
    .select([
      'submission.id as submission_id',
      'submission.published_at',
      'extension.deadline as extended_deadline',
    ])
    .where('enrollment.student_id', '=', studentId)
    .orderBy('assignment.deadline')
    .execute();
}

/**
 * The user's dashboard version: how often anything their cards show has changed (0 before the
 * first change). Only the database's triggers write it.
 */
export async function dashboardVersion(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('dashboard_version')
    .select('version')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** Whether the student has joined the assignment. */
export async function isEnrolled(db: Kysely<Database>, assignmentId: string, studentId: string) {
  const row = await db
    .selectFrom('enrollment')
    .select('student_id')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds the student to the assignment; returns false when they had joined already. */
export async function enroll(
  db: Kysely<Database>,
  assignmentId: string,
  studentId: string,
  joinedAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto('enrollment')
    .values({ assignment_id: assignmentId, student_id: studentId, joined_at: joinedAt })
    .onConflict((oc) => oc.columns(['assignment_id', 'student_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Submissions received and joined students still due, for the owner's counters. */
export async function submissionCounts(db: Kysely<Database>, assignmentId: string) {
  const [submitted, joined] = await Promise.all([
    db
      .selectFrom('submission')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('assignment_id', '=', assignmentId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('enrollment')
      .leftJoin('submission', (j) =>
        j
          .onRef('submission.assignment_id', '=', 'enrollment.assignment_id')
          .onRef('submission.student_id', '=', 'enrollment.student_id'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('enrollment.assignment_id', '=', assignmentId)
      .where('submission.id', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { submitted: Number(submitted.n), pending: Number(joined.n) };
}

/** The student's own hand-in for the assignment (id, time, the file's name), if any. */
export async function ownSubmission(db: Kysely<Database>, assignmentId: string, studentId: string) {
  return db
    .selectFrom('submission')
    .innerJoin('file', 'file.id', 'submission.file_id')
    .select([
      'submission.id',
      'submission.submitted_at',
      'submission.late_seconds',
      'submission.published_at',
      'file.original_name',
    ])
    .where('submission.assignment_id', '=', assignmentId)
    .where('submission.student_id', '=', studentId)
    .executeTakeFirst();
}

/** The highest marks given in the assignment, or null when none. */
export async function highestMarks(db: Kysely<Database>, assignmentId: string) {
  const row = await db
    .selectFrom('submission')
    .select((eb) => eb.fn.max('marks').as('top'))
    .where('assignment_id', '=', assignmentId)
    .executeTakeFirst();
  return row?.top == null ? null : Number(row.top);
}

/** Ids of every file the assignment owns: its three documents and every submitted answer. */
export async function fileIdsOf(db: Kysely<Database>, a: Selectable<AssignmentTable>) {
  const answers = await db
    .selectFrom('submission')
    .select('file_id')
    .where('assignment_id', '=', a.id)
    .execute();
  return [
    a.question_file_id,
    a.model_answer_file_id,
    a.diagram_file_id,
    ...answers.map((r) => r.file_id),
  ].filter((id): id is string => id !== null);
}

/**
 * Deletes the assignment (call inside a transaction). Every row that hangs off it goes with it
 * through the foreign keys' ON DELETE CASCADE: enrollments, submissions (and their marks, mark
 * changes and regrade requests), grading runs, rubric items and notices.
 */
export async function deleteAssignmentRow(db: Kysely<Database>, assignmentId: string) {
  await db.deleteFrom('assignment').where('id', '=', assignmentId).execute();
}

/** Locks the assignment row until the transaction ends (PostgreSQL only: SELECT … FOR UPDATE). */
export async function lockAssignment(db: Kysely<Database>, id: string) {
  await db.selectFrom('assignment').select('id').where('id', '=', id).forUpdate().execute();
}
