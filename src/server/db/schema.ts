import type { Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. Times of our own tables are ISO-8601 UTC text. */
export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  file: FileTable;
  assignment: AssignmentTable;
  enrollment: EnrollmentTable;
  submission: SubmissionTable;
  evaluation_run: EvaluationRunTable;
  evaluation_item: EvaluationItemTable;
  mark_change: MarkChangeTable;
  run_undo: RunUndoTable;
  contact_message: ContactMessageTable;
  rubric_item: RubricItemTable;
  accepted_answer: AcceptedAnswerTable;
  question_setting: QuestionSettingTable;
  reading_correction: ReadingCorrectionTable;
  question_mark: QuestionMarkTable;
  regrade_request: RegradeRequestTable;
  notice: NoticeTable;
  dashboard_version: DashboardVersionTable;
  mail_message: MailMessageTable;
  calendar_feed: CalendarFeedTable;
  extension: ExtensionTable;
  mail_opt_out: MailOptOutTable;
  deadline_reminder: DeadlineReminderTable;
  class: ClassTable;
  class_member: ClassMemberTable;
  class_invitation: ClassInvitationTable;
  page_comment: PageCommentTable;
  reading_preview: ReadingPreviewTable;
}

/** better-auth's tables store Date on PostgreSQL and ISO text on SQLite. */
type AuthTime = Date | string;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean | number;
  image: string | null;
  role: 'teacher' | 'student' | null;
  created_at: AuthTime;
  updated_at: AuthTime;
}

export interface SessionTable {
  id: string;
  expires_at: AuthTime;
  token: string;
  created_at: AuthTime;
  updated_at: AuthTime;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AccountTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthTime | null;
  refresh_token_expires_at: AuthTime | null;
  scope: string | null;
  password: string | null;
  created_at: AuthTime;
  updated_at: AuthTime;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthTime;
  created_at: AuthTime;
  updated_at: AuthTime;
}

export interface FileTable {
  id: string;
  storage_key: string;
  original_name: string;
  media_type: string;
  size: number;
  sha256: string;
  owner_id: string;
  created_at: string;
}

export interface AssignmentTable {
  id: string;
  code: string;
  title: string;
  description: Generated<string>;
  deadline: string;
  /** The IANA time zone the deadline was set in ('UTC' for deadlines older than zones). */
  deadline_time_zone: Generated<string>;
  total_marks: number;
  teacher_id: string;
  question_file_id: string | null;
  model_answer_file_id: string | null;
  diagram_file_id: string | null;
  diagram_keywords: Generated<string>;
  created_at: string;
  updated_at: string;
  /** 1: marks are published to students as soon as the deadline has passed. */
  auto_publish: Generated<number>;
  /** Until when students may ask for a regrade (null: no end). */
  regrade_deadline: string | null;
  /** JSON of the questions the engine found (`StoredQuestions`), made once from the papers. */
  questions: string | null;
  /** When students see the model answer's key points quoted whole (`ModelAnswerVisibility`). */
  model_answer_visibility: Generated<'never' | 'after-publishing' | 'after-deadline'>;
  /** 1: the owner marks with names hidden until the marks are published (then it goes back to 0). */
  anonymous_marking: Generated<number>;
  /** Random key of the anonymous order, made when anonymous marking is first turned on. */
  anonymous_salt: string | null;
  /** 1: hand-ins after the deadline are taken until `late_until` (migration 2026_11_29_0900_late_work). */
  late_accepted: Generated<number>;
  /** The late cut-off: an instant after the deadline (null while late work is not accepted). */
  late_until: string | null;
  /** 'per-day': the percent per started 24 hours late; 'fixed': the percent once. */
  late_penalty_kind: Generated<'per-day' | 'fixed'>;
  late_penalty_percent: Generated<number>;
  /** The class it belongs to (null: none, as every assignment made before classes). */
  class_id: Generated<string | null>;
}

export interface EnrollmentTable {
  assignment_id: string;
  student_id: string;
  joined_at: string;
}

export interface SubmissionTable {
  id: string;
  assignment_id: string;
  student_id: string;
  file_id: string;
  submitted_at: string;
  marks: number | null;
  marks_source: 'ai' | 'teacher' | null;
  ai_marks: number | null;
  ai_status: 'graded' | 'unreadable' | null;
  /** JSON text of the grading engine's result. */
  ai_result: string | null;
  needs_review: Generated<number>;
  graded_at: string | null;
  /** The evaluation run that last wrote ai_* (a resumed run skips what it already graded). */
  evaluation_run_id: string | null;
  /** JSON of the answer's reading (`StoredReading`): its text, or why it could not be read. */
  reading: string | null;
  /**
   * When a reader took the answer up to read it as it arrived (jobs/read-on-arrival.ts); for
   * answers handed in before that existed, `BEFORE_READ_ON_ARRIVAL` (they are left to the runs).
   */
  arrival_read_at: string | null;
  /** When the marks were first published to the student. */
  published_at: string | null;
  /** JSON of what the student sees (`PublishedMarks`), as of the last publication. */
  published: string | null;
  /** The teacher's overall comment. */
  comment: string | null;
  /** How late it was handed in against the student's own deadline then (0: on time). */
  late_seconds: Generated<number>;
}

export interface RubricItemTable {
  id: string;
  assignment_id: string;
  question: string;
  position: number;
  text: string;
  points: number;
  /** JSON array of other ways of saying it that count too. */
  alternatives: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** An answer the teacher accepted as right for one question ("Accept answers like this"). */
export interface AcceptedAnswerTable {
  id: string;
  assignment_id: string;
  question: string;
  text: string;
  /** The student's answer it was taken from (null when typed, or once that answer is gone). */
  submission_id: string | null;
  added_by: string | null;
  created_at: string;
}

/** How the teacher marks one question's numbers (both in percent, see MathsSettings). */
export interface QuestionSettingTable {
  assignment_id: string;
  question: string;
  tolerance_percent: number;
  wrong_unit_share_percent: number;
  updated_by: string | null;
  updated_at: string;
}

/** The teacher's correction of what the engine read for one question of one answer. */
export interface ReadingCorrectionTable {
  submission_id: string;
  question: string;
  text: string;
  corrected_by: string | null;
  corrected_at: string;
}

export interface QuestionMarkTable {
  submission_id: string;
  question: string;
  /** The teacher's marks for the question (null: the AI's stand). */
  marks: number | null;
  /** JSON array of the rubric item ids the teacher ticked, or null when marks were typed. */
  items: string | null;
  comment: string | null;
  /** The teacher's own words in place of the engine's feedback on this question (null: the engine's). */
  feedback: string | null;
  /** 1: the student reads no engine feedback on this question. */
  feedback_hidden: Generated<number>;
  /** 1: the marks came from marking the answer's group (see modules/answer-groups); 0: on its own. */
  by_group: Generated<number>;
  updated_by: string | null;
  updated_at: string;
}

export interface RegradeRequestTable {
  id: string;
  submission_id: string;
  question: string;
  reason: string;
  status: 'open' | 'answered';
  response: string | null;
  from_marks: number | null;
  to_marks: number | null;
  created_at: string;
  answered_at: string | null;
  answered_by: string | null;
}

/**
 * How often anything a user's dashboard cards show has changed; written only by the database's
 * triggers (migration 2026_11_25_0900_dashboard_versions).
 */
export interface DashboardVersionTable {
  user_id: string;
  version: number;
}

export interface NoticeTable {
  id: string;
  user_id: string;
  assignment_id: string;
  kind: 'published' | 'changed' | 'regrade-answered';
  text: string;
  created_at: string;
  read_at: string | null;
}

export interface EvaluationRunTable {
  id: string;
  assignment_id: string;
  /** 'awaiting-confirmation': scored, waiting for the teacher to confirm the marks it would change. */
  status: 'queued' | 'running' | 'awaiting-confirmation' | 'finished' | 'failed' | 'cancelled';
  total: Generated<number>;
  done: Generated<number>;
  failed: Generated<number>;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Worker holding the run and until when; an expired lease lets another worker resume it. */
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** Answers read (extracted) so far; `done`/`failed` count results written. */
  read: Generated<number>;
  /** JSON array of the submission ids the run suggests the teacher mark first. */
  suggested: string | null;
  /** The step the run is at: plan → read → score → grade → done (see jobs/step-context.ts and the step files beside it). */
  stage: Generated<RunStage>;
  /** JSON: the prepared assignment and the teacher's marks, stored once for every worker. */
  context: string | null;
  /** How many chunks the run's answers were split into. */
  chunks: Generated<number>;
  /** JSON `RunChange[]`: the unreviewed marks the run would change, while it awaits confirmation. */
  preview: string | null;
  /** When the teacher undid the run (its answers' previous marks restored). */
  undone_at: string | null;
  /**
   * The one answer the run regrades after the teacher corrected its reading (the others are
   * read for the class only); null: the whole class.
   */
  submission_id: string | null;
  /** JSON `StoredGroups`: the groups of alike answers per question (modules/answer-groups). */
  groups: string | null;
}

/** plan → read → score → (confirm, when it would change unreviewed marks) → grade → done. */
export type RunStage = 'plan' | 'read' | 'score' | 'confirm' | 'grade' | 'done';

/** What one answer held before a run wrote it, so the run can be undone (marks module). */
export interface RunUndoTable {
  run_id: string;
  submission_id: string;
  /** JSON of the submission's marks and AI columns as they were. */
  previous: string;
}

/** One answer of a run: its chunk, its reading by the engine, its class-level score, its write. */
export interface EvaluationItemTable {
  run_id: string;
  submission_id: string;
  chunk: number;
  /**
   * 1 when the answer is read for the class only and never written: the teacher marked it (it
   * calibrates the others), or the run regrades another answer (`evaluation_run.submission_id`).
   */
  calibrates: Generated<number>;
  /** JSON AnswerAnalysis once read; null before, or when the answer could not be read. */
  analysis: string | null;
  /** Why the answer could not be read, once that is known. */
  unreadable: string | null;
  /** JSON AnswerScore from the class-level step. */
  score: string | null;
  written_at: string | null;
}

export interface MarkChangeTable {
  id: string;
  submission_id: string;
  changed_by: string | null;
  from_marks: number | null;
  to_marks: number | null;
  source: 'ai' | 'teacher';
  created_at: string;
  /** The question whose marks changed, or null for the total. */
  question: string | null;
  /** Why: a rubric change, a regrade answer, a rejected proposal. */
  note: string | null;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
  forwarded_at: string | null;
  forward_error: string | null;
}

/** One email: queued when written, then sent, or failed once its attempts are spent (modules/mail). */
export interface MailMessageTable {
  id: string;
  /** What the message is for (`reset_password`); also how sends per address are counted. */
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  /** Not tried again before this moment (the back-off after a failed attempt). */
  next_attempt_at: string;
  /** Set while a sender holds the message; a lapsed claim lets another try it. */
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The one-click unsubscribe address (List-Unsubscribe header); null for mail one cannot refuse. */
  unsubscribe_url: string | null;
}

/** A kind of email a user turned off (modules/notifications). */
export interface MailOptOutTable {
  user_id: string;
  kind: string;
  created_at: string;
}

/** A deadline reminder queued for one student and one deadline (sent once). */
export interface DeadlineReminderTable {
  assignment_id: string;
  student_id: string;
  deadline: string;
  sent_at: string;
}

/** A user's secret calendar link: the SHA-256 (hex) of its token; a new link replaces the old. */
export interface CalendarFeedTable {
  user_id: string;
  token_hash: string;
  created_at: string;
}

/** One student's own later deadline on one assignment (an extension). */
export interface ExtensionTable {
  assignment_id: string;
  student_id: string;
  /** ISO-8601 UTC instant, after the assignment's deadline when it was given. */
  deadline: string;
  /** The IANA zone the teacher set it in. */
  deadline_time_zone: string;
  granted_by: string | null;
  created_at: string;
}

/** A teacher's class: its own join code, a term that may end on a day, archived once over. */
export interface ClassTable {
  id: string;
  code: string;
  name: string;
  section: Generated<string>;
  term: Generated<string>;
  /** The term's last day (YYYY-MM-DD), or null; archiveDueClasses archives the class after it. */
  term_ends_on: string | null;
  owner_id: string;
  /** When the class was archived (its assignments are read-only), or null. */
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A class's student or co-teacher; a removed student keeps her row with `removed_at`. */
export interface ClassMemberTable {
  class_id: string;
  user_id: string;
  role: 'student' | 'teacher';
  joined_at: string;
  removed_at: string | null;
}

/** An email invitation to a class: the SHA-256 of its link's token, until it expires or is used. */
export interface ClassInvitationTable {
  id: string;
  class_id: string;
  email: string;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
}

/** A teacher's comment on a page of a student's answer: a pin at (x, y) or a box (w, h), as shares of the page shown. */
export interface PageCommentTable {
  id: string;
  assignment_id: string;
  submission_id: string;
  page: number;
  kind: 'pin' | 'box';
  x: number;
  y: number;
  w: number | null;
  h: number | null;
  body: string;
  author_id: string | null;
  created_at: string;
}

/**
 * The last reading a student was shown before handing in an answer to the assignment: taken into
 * her submission when she hands in the same file (by SHA-256), so it is not read again.
 */
export interface ReadingPreviewTable {
  assignment_id: string;
  student_id: string;
  sha256: string;
  /** JSON of the reading (`encodeReading`), of the reader version that made it. */
  reading: string;
  created_at: string;
}
