import { messages } from '../../../shared/messages';
import { AppError, forbidden } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';

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
  | 'read-submission'
  | 'grade';

/** What the policy needs to know besides the user and the assignment. */
export interface PolicyContext {
  /** Whether the user (a student) has joined the assignment. */
  joined: boolean;
  /** For 'read-submission': whose submission it is. */
  submissionStudentId?: string;
}

/** How a user stands to an assignment. */
export type Relation = 'owner' | 'joined' | 'none';

const OWNER_ONLY = new Set<AssignmentAction>(['update', 'delete', 'read-model-answer', 'grade']);

export const assignmentNotFound = () => new AppError(404, 'not_found', messages.assignmentNotFound);
export const submissionNotFound = () => new AppError(404, 'not_found', messages.submissionNotFound);

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
 * but not do this gets 403. Another student's submission is 404 for the same reason.
 * (401 and "no role yet" 403 are answered before the assignment is loaded.)
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
    return;
  }
  if (OWNER_ONLY.has(action)) throw forbidden();
  if (action === 'read-submission' && ctx.submissionStudentId !== user.id) {
    throw submissionNotFound();
  }
}
