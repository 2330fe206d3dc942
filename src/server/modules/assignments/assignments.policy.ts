import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
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
  | 'grade';

/** What the policy needs to know besides the user and the assignment. */
export interface PolicyContext {
  /** Whether the user (a student) has joined the assignment. */
  joined: boolean;
}

/** How a user stands to an assignment. */
export type Relation = 'owner' | 'joined' | 'none';

const OWNER_ONLY = new Set<AssignmentAction>(['update', 'delete', 'read-model-answer', 'grade']);

export const assignmentNotFound = () => new AppError(404, 'not_found', messages.assignmentNotFound);

/** The user's relation to the assignment: its teacher, a student who joined it, or neither. */
export function relationOf(
  user: CurrentUser,
  assignment: { teacher_id: string },
  joined: boolean,
): Relation {
  if (user.role === 'teacher' && assignment.teacher_id === user.id) return 'owner';
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
  assignment: { teacher_id: string },
  ctx: PolicyContext,
): void {
  const relation = relationOf(user, assignment, ctx.joined);
  if (relation === 'none') throw assignmentNotFound();
  if (relation === 'owner') {
    if (action === 'submit') throw forbidden(messages.onlyStudentsSubmit);
    if (action === 'ask-regrade')
      throw forbidden('Only the student who handed in can ask for a regrade.');
    return;
  }
  if (OWNER_ONLY.has(action)) throw forbidden();
}

/**
 * The common start of every /api/assignments/:code route: 401 without a session, 403 without
 * a role, 404 for an unknown code, then the verdict of assertCan on `action`.
 */
export async function authorise(
  db: Kysely<Database>,
  request: FastifyRequest & { params: { code: string } },
  action: AssignmentAction,
) {
  const user = requireRole(request, 'teacher', 'student');
  const found = await findForUser(db, user, request.params.code);
  if (!found) throw assignmentNotFound();
  assertCan(user, action, found.assignment, { joined: found.joined });
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
 * How a user who may view the assignment sees it: its owner with the counters and the diagram
 * keywords (which would only tell students what to stuff their answers with), a joined student
 * with their own hand-in.
 */
export function viewerOf(user: CurrentUser, assignment: { teacher_id: string }) {
  return relationOf(user, assignment, true) === 'owner' ? 'owner' : 'student';
}
