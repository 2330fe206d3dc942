import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/schema';
import { classMessages } from '../../../shared/classes';
import { AppError, conflict, forbidden } from '../../errors';
import { requireRole } from '../../auth/guards';
import type { CurrentUser } from '../../auth/current-user';
import { findForUser } from './assignments.service';

/** Everything a signed-in user may try on one assignment. */
export type AssignmentAction =
  | 'view'
  | 'update'
  | 'delete'
  | 'read-question-paper'
  | 'read-diagram'
  | 'read-model-answer'
  | 'list-submissions'
  | 'submit'
  | 'ask-regrade'
  | 'grade'
  | 'set-anonymous-marking';

/** What the policy needs to know besides the user and the assignment. */
export interface PolicyContext {
  /** Whether the user (a student) has joined the assignment. */
  joined: boolean;
}

/** How a user stands to an assignment. */
export type Relation = 'owner' | 'co-teacher' | 'joined' | 'none';

/** What decides who teaches an assignment: its owner, and its class's co-teachers. */
export type TaughtAssignment = { teacher_id: string; co_teacher_ids?: readonly string[] };

/** Only the assignment's owner: editing it, deleting it, and whether names are hidden while marking. */
const OWNER_ONLY = new Set<AssignmentAction>(['update', 'delete', 'set-anonymous-marking']);
/** Whoever teaches it (owner or co-teacher): marking, publishing, regrades and the model answer. */
const TEACHERS_ONLY = new Set<AssignmentAction>(['read-model-answer', 'grade']);

export const assignmentNotFound = () => new AppError(404, 'not_found', messages.assignmentNotFound);

/**
 * Whether the user teaches the assignment: she is its owner, or a co-teacher of the class it
 * belongs to. The one test for everything marking and publishing allows (review, marks,
 * publishing, regrades, the grades table, grading runs); the owner-only actions are in OWNER_ONLY.
 */
export function teachesAssignment(user: CurrentUser, assignment: TaughtAssignment): boolean {
  if (user.role !== 'teacher') return false;
  return assignment.teacher_id === user.id || (assignment.co_teacher_ids ?? []).includes(user.id);
}

/** The user's relation to the assignment: its teacher, a co-teacher, a student who joined it, or none. */
export function relationOf(
  user: CurrentUser,
  assignment: TaughtAssignment,
  joined: boolean,
): Relation {
  if (user.role === 'teacher' && assignment.teacher_id === user.id) return 'owner';
  if (teachesAssignment(user, assignment)) return 'co-teacher';
  if (user.role === 'student' && joined) return 'joined';
  return 'none';
}

/**
 * The one place that decides who may do what with an assignment; throws when not allowed.
 * Someone with no relation to it (another teacher, a student who has not joined) gets 404, the
 * same answer as for an unknown code, so class codes cannot be probed. Someone who may see it
 * but not do this gets 403. (401 and "no role yet" 403 are answered before the assignment is
 * loaded; a submission's own rule is in submissions.policy.ts.)
 */
export function assertCan(
  user: CurrentUser,
  action: AssignmentAction,
  assignment: TaughtAssignment,
  ctx: PolicyContext,
): void {
  const relation = relationOf(user, assignment, ctx.joined);
  if (relation === 'none') throw assignmentNotFound();
  if (relation === 'owner' || relation === 'co-teacher') {
    if (action === 'submit') throw forbidden(messages.onlyStudentsSubmit);
    if (action === 'ask-regrade')
      throw forbidden('Only the student who handed in can ask for a regrade.');
    if (relation === 'co-teacher' && OWNER_ONLY.has(action))
      throw forbidden(classMessages.ownerOnly);
    return;
  }
  if (OWNER_ONLY.has(action) || TEACHERS_ONLY.has(action)) throw forbidden();
}

/** The assignment `authorise` loaded for a request, for hooks after the handler (see loadedAssignment). */
const loaded = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof findForUser>>>();

/**
 * The assignment (and whether the user joined it) that `authorise` loaded for this request, as it
 * was before the handler ran; undefined when the route did not authorise one.
 */
export const loadedAssignment = (request: FastifyRequest) => loaded.get(request);

/** Methods that only read: everything else changes something, which an archived class refuses. */
export const READS = new Set(['GET', 'HEAD']);

/**
 * The common start of every /api/assignments/:code route: 401 without a session, 403 without
 * a role, 404 for an unknown code, then the verdict of assertCan on `action`; and, for an
 * assignment of an archived class, 409 `class_archived` for anything but reading (no hand-ins,
 * edits, marks, publishing or regrades: its work is read-only).
 */
export async function authorise(
  db: Kysely<Database>,
  request: FastifyRequest & { params: { code: string } },
  action: AssignmentAction,
) {
  const user = requireRole(request, 'teacher', 'student');
  const found = await findForUser(db, user, request.params.code);
  if (!found) throw assignmentNotFound();
  loaded.set(request, found);
  assertCan(user, action, found.assignment, { joined: found.joined });
  if (found.assignment.class_archived_at && !READS.has(request.method))
    throw conflict('class_archived', classMessages.classArchived);
  return { user, ...found };
}

/** Creating an assignment is for teachers: 401 without a session, 403 for anyone else. */
export const authoriseCreate = (request: FastifyRequest) => requireRole(request, 'teacher');

/** Joining an assignment by its code is for students: 401 without a session, 403 otherwise. */
export function authoriseJoin(request: FastifyRequest) {
  const user = requireRole(request, 'teacher', 'student');
  if (user.role !== 'student') throw forbidden(messages.onlyStudentsJoin);
  return user;
}

/**
 * How a user who may view the assignment sees it: its teachers (owner and co-teachers) with the counters and the diagram
 * keywords (which would only tell students what to stuff their answers with), a joined student
 * with their own hand-in.
 */
export function viewerOf(user: CurrentUser, assignment: TaughtAssignment) {
  return teachesAssignment(user, assignment) ? 'owner' : 'student';
}
