import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';
import { authorise, teachesAssignment } from '../assignments/assignments.policy';
import type { AssignmentRow } from '../assignments/assignments.service';
import { findSubmission } from './submissions.repository';

export const submissionNotFound = () => new AppError(404, 'not_found', messages.submissionNotFound);

/** Which of an assignment's submissions a user sees: its teachers every one, a joined student their own. */
export function visibleSubmissions(user: CurrentUser, assignment: AssignmentRow): 'all' | 'own' {
  return teachesAssignment(user, assignment) ? 'all' : 'own';
}

/**
 * Who may see one submission: the assignment's teachers (owner and co-teachers), or the student who handed it in. Another
 * student gets 404, the same answer as for an unknown id, so submission ids cannot be probed.
 */
export function assertCanSee(
  user: CurrentUser,
  assignment: AssignmentRow,
  submission: { student_id: string },
): void {
  if (visibleSubmissions(user, assignment) === 'own' && submission.student_id !== user.id) {
    throw submissionNotFound();
  }
}

/**
 * The common start of the /api/assignments/:code/submissions/:id routes that show or act on
 * one submission as its owner or its student: `authorise` on the assignment ('view', or
 * 'ask-regrade' for the routes only its student may use), the submission (404 when it is not
 * the assignment's), then assertCanSee.
 */
export async function authoriseSubmission(
  db: Kysely<Database>,
  request: FastifyRequest & { params: { code: string; id: string } },
  action: 'view' | 'ask-regrade' = 'view',
) {
  const access = await authorise(db, request, action);
  const submission = await findSubmission(db, access.assignment.id, request.params.id);
  if (!submission) throw submissionNotFound();
  assertCanSee(access.user, access.assignment, submission);
  return { ...access, submission };
}
