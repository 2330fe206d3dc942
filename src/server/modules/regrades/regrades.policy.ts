import type { CurrentUser } from '../../auth/current-user';
import { teachesAssignment } from '../assignments/assignments.policy';
import type { AssignmentRow } from '../assignments/assignments.service';

/**
 * Whose regrade requests a user sees: the assignment's teachers every one, a joined student only
 * their own. (Who may ask for one: 'ask-regrade' in assignments.policy.ts and
 * submissions.policy.ts, the student who handed the answer in.)
 */
export function visibleRequests(
  user: CurrentUser,
  assignment: AssignmentRow,
): { studentId?: string } {
  return teachesAssignment(user, assignment) ? {} : { studentId: user.id };
}
