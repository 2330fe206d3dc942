import type { PublishedMarks } from '../../../shared/review';
import type { CurrentUser } from '../../auth/current-user';
import { parsePublished } from './marks-state';

/**
 * Which marks of a submission a user sees. 'working': the marks as they stand, with the AI's
 * proposal and why it needs review. 'published': only what the teacher published, and nothing
 * before. (Whether the user may see the submission at all is submissions.policy.ts's question,
 * asked first.)
 */
export type MarksView = 'working' | 'published';

/**
 * The one rule for marks: the assignment's owner sees the working marks; a student sees only the
 * published ones, so nothing of a mark reaches a student before the teacher publishes it.
 */
export function marksViewOf(user: CurrentUser, assignment: { teacher_id: string }): MarksView {
  return assignment.teacher_id === user.id ? 'working' : 'published';
}

/** What a student may see of a submission's marks: the published snapshot, or null before publishing. */
export function publishedMarksOf(s: { published: string | null }): PublishedMarks | null {
  return parsePublished(s.published);
}
