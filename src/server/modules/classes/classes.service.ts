import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  classMessages as m,
  joinPath,
  type ClassDetail,
  type ClassListResponse,
  type ClassRole,
  type ClassSummary,
  type CreateClassBody,
  type JoinClassResponse,
  type RosterResponse,
  type RosterWorkStatus,
  type UpdateClassBody,
} from '../../../shared/classes';
import { messages } from '../../../shared/messages';
import type { CurrentUser } from '../../auth/current-user';
import { isUniqueViolation } from '../../db/constraint-errors';
import { nowIso, type Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH } from '../../../shared/limits';
import * as repo from './classes.repository';
import type { ClassRow } from './classes.repository';

export type { ClassRow };

/** How a user stands to a class: its owner, a co-teacher, a student in it, or none (a removed student too). */
export type ClassRelation = ClassRole | 'none';

/** A random join code, from the same alphabet and of the same length as assignments' codes. */
const newClassCode = () =>
  Array.from(
    { length: CLASS_CODE_LENGTH },
    () => CLASS_CODE_ALPHABET[crypto.randomInt(CLASS_CODE_ALPHABET.length)],
  ).join('');
/** A typed code as looked up: case and spaces ignored, as for assignments' codes. */
const normalizeCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

export const classNotFound = () => new AppError(404, 'not_found', m.classNotFound);
export const classArchived = () => conflict('class_archived', m.classArchived);

/** The user's relation to the class. */
export async function relationToClass(
  db: Kysely<Database>,
  user: CurrentUser,
  c: ClassRow,
): Promise<ClassRelation> {
  if (user.role === 'teacher' && c.owner_id === user.id) return 'owner';
  const member = await repo.findMember(db, c.id, user.id);
  if (!member || member.removed_at !== null || member.role !== roleOfMember(user)) return 'none';
  return member.role === 'teacher' ? 'co-teacher' : 'student';
}

const roleOfMember = (user: CurrentUser) => (user.role === 'teacher' ? 'teacher' : 'student');

/** A class as listed; its teachers also get the join code and link. */
export function toClassSummary(c: ClassRow, role: ClassRole, publicUrl: string): ClassSummary {
  const summary: ClassSummary = {
    id: c.id,
    name: c.name,
    section: c.section,
    term: c.term,
    termEndsOn: c.term_ends_on,
    ownerName: c.owner_name,
    archived: c.archived_at !== null,
    archivedAt: c.archived_at,
    role,
  };
  if (role !== 'student') {
    summary.code = c.code;
    summary.joinUrl = publicUrl + joinPath(c.code);
  }
  return summary;
}

/** Creates a class under a fresh join code (unique among classes and assignments). */
export async function createClass(
  db: Kysely<Database>,
  teacher: CurrentUser,
  body: CreateClassBody & { section: string; term: string },
): Promise<ClassRow> {
  const id = crypto.randomUUID();
  for (let attempt = 1; ; attempt++) {
    const code = newClassCode();
    if (await repo.joinCodeTaken(db, code)) continue;
    const now = nowIso();
    try {
      await repo.insertClass(db, {
        id,
        code,
        name: body.name,
        section: body.section,
        term: body.term,
        term_ends_on: body.termEndsOn ?? null,
        owner_id: teacher.id,
        archived_at: null,
        created_at: now,
        updated_at: now,
      });
      return (await repo.findClass(db, id))!;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/** The user's classes: current ones first by name, archived ones apart (most recently archived first). */
export async function listClasses(
  db: Kysely<Database>,
  user: CurrentUser,
  publicUrl: string,
): Promise<ClassListResponse> {
  const { owned, joined } = await repo.classesOf(db, user.id);
  const all = [
    ...(user.role === 'teacher' ? owned.map((c) => toClassSummary(c, 'owner', publicUrl)) : []),
    ...joined
      .filter((c) => c.member_role === roleOfMember(user))
      .map((c) =>
        toClassSummary(c, c.member_role === 'teacher' ? 'co-teacher' : 'student', publicUrl),
      ),
  ];
  const byName = (a: ClassSummary, b: ClassSummary) =>
    a.name.localeCompare(b.name) || a.section.localeCompare(b.section);
  return {
    active: all.filter((c) => !c.archived).sort(byName),
    archived: all
      .filter((c) => c.archived)
      .sort((a, b) => (b.archivedAt ?? '').localeCompare(a.archivedAt ?? '')),
  };
}

/** The class page: its assignments, and for its teachers who teaches it. */
export async function classDetailFor(
  db: Kysely<Database>,
  c: ClassRow,
  role: ClassRole,
  publicUrl: string,
  now = new Date(),
): Promise<ClassDetail> {
  const assignments = (await repo.classAssignments(db, c.id)).map((a) => ({
    code: a.code,
    title: a.title,
    deadline: a.deadline,
    isPastDeadline: Date.parse(a.deadline) < now.getTime(),
  }));
  const detail: ClassDetail = { ...toClassSummary(c, role, publicUrl), assignments };
  if (role !== 'student') {
    detail.teachers = (await repo.classTeachers(db, c)).map((t) => ({
      id: t.id,
      name: t.name,
      email: t.email,
      role: t.id === c.owner_id ? ('owner' as const) : ('co-teacher' as const),
    }));
  }
  return detail;
}

/** Changes a class's name, section, term or its end. */
export async function updateClass(db: Kysely<Database>, c: ClassRow, body: UpdateClassBody) {
  await repo.updateClass(db, c.id, {
    name: body.name,
    section: body.section,
    term: body.term,
    term_ends_on: body.termEndsOn === undefined ? undefined : (body.termEndsOn ?? null),
    updated_at: nowIso(),
  });
  return (await repo.findClass(db, c.id))!;
}

/**
 * Deletes a class: its memberships and invitations go with it; its assignments stay, without a
 * class, and so do their students and work.
 */
export async function deleteClass(db: Kysely<Database>, c: ClassRow) {
  await repo.deleteClass(db, c.id);
}

/** Archives a class (its assignments become read-only) or, with `archived` false, restores it. */
export async function setArchived(
  db: Kysely<Database>,
  c: ClassRow,
  archived: boolean,
  at = nowIso(),
) {
  if (archived && c.archived_at) throw conflict('class_archived', m.alreadyArchived);
  if (!archived && !c.archived_at) throw conflict('class_not_archived', m.notArchived);
  await repo.updateClass(db, c.id, { archived_at: archived ? at : null, updated_at: at });
  return (await repo.findClass(db, c.id))!;
}

/**
 * Archives every class whose term ended before `now`'s day (UTC): what the scheduled job runs
 * at the end of each term. Returns the ids archived; running it twice archives nothing more.
 */
export async function archiveDueClasses(
  deps: { db: Db },
  now: Date,
): Promise<{ archived: string[] }> {
  const db = deps.db.kysely;
  const today = now.toISOString().slice(0, 10);
  const due = await repo.classesDueForArchive(db, today);
  const at = now.toISOString();
  for (const { id } of due) {
    await db
      .updateTable('class')
      .set({ archived_at: at, updated_at: at })
      .where('id', '=', id)
      .where('archived_at', 'is', null)
      .execute();
  }
  return { archived: due.map((d) => d.id) };
}

/**
 * Takes the class's row lock until the transaction ends (a no-op write: a row lock on
 * PostgreSQL; SQLite runs one writer at a time), so a join and a new assignment of the same
 * class never miss each other.
 */
const lockClass = (trx: Kysely<Database>, classId: string) =>
  trx
    .updateTable('class')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', classId)
    .execute();

/**
 * Puts a student in the class and in every one of its assignments. A removed student is refused
 * (403: only an invitation lets her back), an archived class too (409). `readmit` (an accepted
 * invitation) lets a removed student back in. Returns whether she was in it already.
 */
export async function joinClass(
  db: Kysely<Database>,
  student: CurrentUser,
  c: Pick<ClassRow, 'id' | 'archived_at'>,
  opts: { readmit?: boolean } = {},
): Promise<{ alreadyJoined: boolean }> {
  if (c.archived_at) throw conflict('class_archived', m.classArchivedJoin);
  return db.transaction().execute(async (trx) => {
    await lockClass(trx, c.id);
    const member = await repo.findMember(trx, c.id, student.id);
    if (member?.removed_at && !opts.readmit) throw forbidden(m.removedFromClass);
    const alreadyJoined = member !== undefined && member.removed_at === null;
    const now = nowIso();
    if (!alreadyJoined)
      await repo.upsertMember(trx, {
        class_id: c.id,
        user_id: student.id,
        role: 'student',
        joined_at: now,
      });
    const ids = (await repo.classAssignments(trx, c.id)).map((a) => a.id);
    await repo.enrollAll(trx, [student.id], ids, now);
    return { alreadyJoined };
  });
}

/** Joins the class with this code (case and spaces ignored); 404 with the spec's message otherwise. */
export async function joinByCode(
  db: Kysely<Database>,
  student: CurrentUser,
  code: string,
  publicUrl: string,
): Promise<JoinClassResponse> {
  const normal = normalizeCode(code);
  let c = await repo.findClassByCode(db, normal);
  if (!c) {
    // An assignment's own code joins its class too.
    const a = await db
      .selectFrom('assignment')
      .select('class_id')
      .where('code', '=', normal)
      .executeTakeFirst();
    if (a?.class_id) c = await repo.findClass(db, a.class_id);
  }
  if (!c) throw notFound(messages.joinFailedText);
  const { alreadyJoined } = await joinClass(db, student, c);
  return { class: toClassSummary(c, 'student', publicUrl), alreadyJoined };
}

/**
 * Refuses a class for a new assignment unless it is one of the teacher's own and not archived
 * (400 on the `classId` field, the same answer whether it exists or not).
 */
export async function assertClassForAssignment(
  db: Kysely<Database>,
  teacher: CurrentUser,
  classId: string,
): Promise<void> {
  const c = await repo.findClass(db, classId);
  if (!c || c.owner_id !== teacher.id || c.archived_at)
    throw badRequest(m.classUnavailable, [{ path: 'classId', message: m.classUnavailable }]);
}

/**
 * Puts an assignment in a class (inside the caller's transaction): the class's students are
 * enrolled in it; students who had joined it by its code join the class (joining an assignment
 * joins its class), except those removed from the class, who lose it.
 */
export async function attachAssignment(
  trx: Kysely<Database>,
  classId: string,
  assignmentId: string,
): Promise<string[]> {
  await lockClass(trx, classId);
  await repo.setAssignmentClass(trx, assignmentId, classId);
  const now = nowIso();
  const removed = new Set(await repo.removedStudents(trx, classId));
  const enrolled = await repo.enrolledIn(trx, assignmentId);
  await repo.deleteEnrollments(
    trx,
    assignmentId,
    enrolled.filter((id) => removed.has(id)),
  );
  const members = new Set((await repo.classStudents(trx, classId)).map((s) => s.id));
  const newcomers = enrolled.filter((id) => !removed.has(id) && !members.has(id));
  for (const id of newcomers)
    await repo.upsertMember(trx, {
      class_id: classId,
      user_id: id,
      role: 'student',
      joined_at: now,
    });
  const assignmentIds = (await repo.classAssignments(trx, classId)).map((a) => a.id);
  await repo.enrollAll(trx, [...members], [assignmentId], now);
  await repo.enrollAll(trx, newcomers, assignmentIds, now);
  // The class's students who see this assignment for the first time (for the email).
  return [...members].filter((id) => !enrolled.includes(id));
}

/** Where each student stands on the class's assignments. */
export async function rosterOf(db: Kysely<Database>, c: ClassRow): Promise<RosterResponse> {
  const [assignments, students, submissions, invitations] = await Promise.all([
    repo.classAssignments(db, c.id),
    repo.classStudents(db, c.id),
    repo.classSubmissions(db, c.id),
    repo.openInvitations(db, c.id, nowIso()),
  ]);
  // While an assignment is marked anonymously, who has been marked would tell names: not shown.
  const anonymous = new Set(
    assignments.filter((a) => Number(a.anonymous_marking) === 1).map((a) => a.id),
  );
  const status = new Map<string, RosterWorkStatus>();
  for (const s of submissions) {
    const marked = s.marks !== null && !anonymous.has(s.assignment_id);
    const st: RosterWorkStatus =
      s.published_at !== null ? 'published' : marked ? 'marked' : 'handed-in';
    status.set(`${s.student_id} ${s.assignment_id}`, st);
  }
  return {
    assignments: assignments.map((a) => ({ code: a.code, title: a.title, deadline: a.deadline })),
    students: students.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      joinedAt: s.joined_at,
      work: assignments.map((a) => status.get(`${s.id} ${a.id}`) ?? 'not-handed-in'),
    })),
    invitations: invitations.map((i) => ({ email: i.email, expiresAt: i.expires_at })),
  };
}

/**
 * Removes a student: she loses the class's assignments at once (her enrollments go) and cannot
 * join again by code; what she handed in stays for the teachers.
 */
export async function removeStudent(db: Kysely<Database>, c: ClassRow, studentId: string) {
  await db.transaction().execute(async (trx) => {
    await lockClass(trx, c.id);
    const member = await repo.findMember(trx, c.id, studentId);
    if (!member || member.role !== 'student' || member.removed_at)
      throw new AppError(404, 'not_found', m.notAMember);
    await repo.markRemoved(trx, c.id, studentId, nowIso());
    await repo.unenrollFromClass(trx, c.id, studentId);
  });
}

/** Adds a co-teacher by the email of her teacher account. */
export async function addCoTeacher(db: Kysely<Database>, c: ClassRow, email: string) {
  const user = await repo.userByEmail(db, email);
  if (!user || user.role !== 'teacher') throw new AppError(404, 'not_found', m.coTeacherUnknown);
  if (user.id === c.owner_id) throw conflict('already_teacher', m.coTeacherIsOwner);
  const member = await repo.findMember(db, c.id, user.id);
  if (member && member.role === 'teacher' && !member.removed_at)
    throw conflict('already_teacher', m.coTeacherAlready);
  await repo.upsertMember(db, {
    class_id: c.id,
    user_id: user.id,
    role: 'teacher',
    joined_at: nowIso(),
  });
}

/** Takes a co-teacher off the class (the owner cannot be: she is not a member). */
export async function removeCoTeacher(db: Kysely<Database>, c: ClassRow, userId: string) {
  const member = await repo.findMember(db, c.id, userId);
  if (!member || member.role !== 'teacher' || member.removed_at)
    throw new AppError(404, 'not_found', 'This teacher is not a co-teacher of the class.');
  await repo.deleteMember(db, c.id, userId);
}

/** Whether the teacher co-teaches any class (her dashboard then also lists those classes' assignments). */
export const coTaughtClasses = (db: Kysely<Database>, teacherId: string) =>
  repo.coTaughtClassIds(db, teacherId);
