import type { Migration } from 'kysely';
import * as createAccounts from './2026_11_22_0900_create_accounts';
import * as createClassroom from './2026_11_22_0910_create_classroom';
import * as evaluationQueue from './2026_11_22_1200_evaluation_queue';
import * as answerReading from './2026_11_23_2000_answer_reading';
import * as teacherReview from './2026_11_23_2100_teacher_review';
import * as runSuggestions from './2026_11_23_2200_run_suggestions';
import * as gradingJobs from './2026_11_24_0900_grading_jobs';
import * as listIndexes from './2026_11_24_1100_list_indexes';
import * as dashboardVersions from './2026_11_25_0900_dashboard_versions';
import * as unpublishedMarksIndex from './2026_11_25_1000_unpublished_marks_index';
import * as feedbackVisibility from './2026_11_26_0900_feedback_visibility';
import * as dashboardReviewCounts from './2026_11_26_1000_dashboard_review_counts';
import * as rerunPreviewUndo from './2026_11_26_1200_rerun_preview_undo';
import * as acceptedAnswers from './2026_11_26_1400_accepted_answers';
import * as mathsReview from './2026_11_27_0900_maths_review';
import * as mailQueue from './2026_11_28_0900_mail_queue';
import * as deadlineZoneCalendar from './2026_11_28_1000_deadline_zone_calendar';
import * as anonymousMarking from './2026_11_28_1100_anonymous_marking';
import * as lateWork from './2026_11_29_0900_late_work';
import * as classes from './2026_11_29_1000_classes';
import * as notifications from './2026_11_29_1100_notifications';
import * as answerGroups from './2026_11_30_0900_answer_groups';
import * as pageComments from './2026_11_30_1000_page_comments';
import * as fileSha256Index from './2026_11_30_1300_file_sha256_index';
import * as readingPreview from './2026_12_01_0900_reading_preview';
import * as readOnArrival from './2026_12_02_0900_read_on_arrival';

/** Every migration, by name; names sort in the order they run. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0900_create_accounts': createAccounts,
  '2026_11_22_0910_create_classroom': createClassroom,
  '2026_11_22_1200_evaluation_queue': evaluationQueue,
  '2026_11_23_2000_answer_reading': answerReading,
  '2026_11_23_2100_teacher_review': teacherReview,
  '2026_11_23_2200_run_suggestions': runSuggestions,
  '2026_11_24_0900_grading_jobs': gradingJobs,
  '2026_11_24_1100_list_indexes': listIndexes,
  '2026_11_25_0900_dashboard_versions': dashboardVersions,
  '2026_11_25_1000_unpublished_marks_index': unpublishedMarksIndex,
  '2026_11_26_0900_feedback_visibility': feedbackVisibility,
  '2026_11_26_1000_dashboard_review_counts': dashboardReviewCounts,
  '2026_11_26_1200_rerun_preview_undo': rerunPreviewUndo,
  '2026_11_26_1400_accepted_answers': acceptedAnswers,
  '2026_11_27_0900_maths_review': mathsReview,
  '2026_11_28_0900_mail_queue': mailQueue,
  '2026_11_28_1000_deadline_zone_calendar': deadlineZoneCalendar,
  '2026_11_28_1100_anonymous_marking': anonymousMarking,
  '2026_11_29_0900_late_work': lateWork,
  '2026_11_29_1000_classes': classes,
  '2026_11_29_1100_notifications': notifications,
  '2026_11_30_0900_answer_groups': answerGroups,
  '2026_11_30_1000_page_comments': pageComments,
  '2026_11_30_1300_file_sha256_index': fileSha256Index,
  '2026_12_01_0900_reading_preview': readingPreview,
  '2026_12_02_0900_read_on_arrival': readOnArrival,
};
