import type { Kysely } from 'kysely';
import { mailKinds, type MailKind } from '../../../shared/notifications';
import type { Config } from '../../config';
import { nowIso, type Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { PRODUCT_NAME, queueMail, type MailContent, type MailSender } from '../mail/mail.service';
import * as repo from './notifications.repository';
import { unsubscribeToken } from './unsubscribe-token';

export type { Recipient } from './notifications.repository';

/** Who the email goes to and the message, without its unsubscribe part. */
export type NoticeMail = Omit<MailContent, 'unsubscribe'>;

/**
 * Queues the emails of the kinds a person may turn off: each to a user who has not turned its
 * kind off, with that kind's unsubscribe link (in the text, the HTML and the List-Unsubscribe
 * header). Queueing only writes to the mail queue, in the caller's transaction when given one.
 */
export interface Notifier {
  /** The instance's public address followed by `path`. */
  link(path: string): string;
  /**
   * Queues `content(user)` to each listed user who has not turned `kind` off; returns how many
   * were queued. Call `wake()` after the caller's transaction commits.
   */
  send(
    db: Kysely<Database>,
    kind: MailKind,
    userIds: readonly string[],
    content: (user: repo.Recipient) => NoticeMail,
  ): Promise<number>;
  /** The listed users who have not turned `kind` off, by id (to look up once for many emails). */
  recipients(
    db: Kysely<Database>,
    kind: MailKind,
    userIds: readonly string[],
  ): Promise<Map<string, repo.Recipient>>;
  /** Queues `content` to one recipient found by `recipients`. */
  sendTo(
    db: Kysely<Database>,
    kind: MailKind,
    user: repo.Recipient,
    content: NoticeMail,
  ): Promise<void>;
  /** Tells the mail sender to look at the queue now. */
  wake(): void;
}

const aboutOf = (kind: MailKind) => mailKinds.find((k) => k.kind === kind)!.label.toLowerCase();

/** The page an unsubscribe link opens, and the address mail programs post to for one click. */
export const unsubscribeLinks = (config: Pick<Config, 'publicUrl'>, token: string) => ({
  page: `${config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
  oneClick: `${config.publicUrl}/api/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
});

/** Makes the notifier of this instance: links on `config.publicUrl`, tokens signed with `secret`. */
export function createNotifier(
  config: Pick<Config, 'publicUrl'>,
  secret: string,
  sender: Pick<MailSender, 'wake'>,
): Notifier {
  const sendTo: Notifier['sendTo'] = async (db, kind, user, content) => {
    const links = unsubscribeLinks(config, unsubscribeToken(secret, user.id, kind));
    await queueMail(db, {
      kind,
      to: user.email,
      content: { ...content, unsubscribe: { about: aboutOf(kind), url: links.page } },
      oneClickUnsubscribe: links.oneClick,
    });
  };
  return {
    link: (path) => `${config.publicUrl}${path}`,
    async send(db, kind, userIds, content) {
      const users = await repo.recipientsFor(db, userIds, kind);
      for (const user of users) await sendTo(db, kind, user, content(user));
      return users.length;
    },
    async recipients(db, kind, userIds) {
      const users = await repo.recipientsFor(db, userIds, kind);
      return new Map(users.map((u) => [u.id, u]));
    },
    sendTo,
    wake: () => sender.wake(),
  };
}

/** What the message services need: the database and the notifier. */
export interface NotifyDeps {
  db: Db;
  notify: Notifier;
}

/** An assignment's page in the app. */
const assignmentPath = (code: string) => `/dashboard/assignment/${encodeURIComponent(code)}`;

/** A deadline as its teacher set it: "Friday 4 December 2026, 17:00 (Asia/Kolkata)". */
export function deadlineText(deadline: string, zone: string, seconds = false): string {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
    hourCycle: 'h23',
  }).format(new Date(deadline));
  return `${when.replace(' at ', ', ')} (${zone})`;
}

/**
 * Emails the listed students that an assignment is set for them (called where an assignment
 * becomes visible to them: a class's new assignment, or joining a class with assignments).
 * Returns how many emails were queued.
 */
export async function notifyNewAssignment(
  deps: NotifyDeps,
  assignmentId: string,
  recipientIds: readonly string[],
): Promise<number> {
  const db = deps.db.kysely;
  const a = await repo.assignmentForMail(db, assignmentId);
  if (!a) return 0;
  const queued = await deps.notify.send(db, 'new_assignment', recipientIds, (user) => ({
    subject: `New assignment: ${a.title}`,
    greeting: `Hello ${user.name},`,
    paragraphs: [
      `${a.teacher_name} set a new assignment on ${PRODUCT_NAME}: "${a.title}".`,
      `It is due ${deadlineText(a.deadline, a.deadline_time_zone)}.`,
    ],
    action: { label: 'Open the assignment', url: deps.notify.link(assignmentPath(a.code)) },
  }));
  deps.notify.wake();
  return queued;
}

/** A hand-in as its receipt states it. */
export interface HandIn {
  studentId: string;
  assignment: { code: string; title: string };
  submittedAt: string;
  fileName: string;
  size: number;
  sha256: string;
}

/**
 * Queues the hand-in receipt (in `db`, the hand-in's transaction): when, which file, its size
 * and SHA-256, so the student can later prove what she handed in.
 */
export async function queueHandInReceipt(
  notify: Notifier,
  db: Kysely<Database>,
  h: HandIn,
): Promise<void> {
  await notify.send(db, 'hand_in_receipt', [h.studentId], (user) => ({
    subject: `Handed in: ${h.assignment.title}`,
    greeting: `Hello ${user.name},`,
    paragraphs: [
      // to the second, as a receipt proves when: "Friday, 27 November 2026, 20:50:39 (UTC)"
      `${PRODUCT_NAME} received your answer to "${h.assignment.title}" on ${deadlineText(h.submittedAt, 'UTC', true)}.`,
      `File: ${h.fileName} (${h.size} bytes)`,
      `SHA-256: ${h.sha256}`,
      'The SHA-256 is the file\u2019s fingerprint: any other file has another one. Keep this email to show exactly what you handed in (for example with "sha256sum" or "certutil -hashfile <file> SHA256").',
    ],
    action: { label: 'Open the assignment', url: notify.link(assignmentPath(h.assignment.code)) },
  }));
}

/**
 * Queues "your marks are published" (or changed) to one student, in the publishing transaction;
 * `user` is the student as `notify.recipients` found her (looked up once for the whole class),
 * undefined when she turned these emails off.
 */
export async function queueMarksPublished(
  notify: Notifier,
  db: Kysely<Database>,
  user: repo.Recipient | undefined,
  m: {
    assignment: { code: string; title: string };
    marks: string;
    /** First published, the marks changed, or only the reasons and comments did. */
    change: 'published' | 'marks' | 'feedback';
  },
): Promise<void> {
  if (!user) return;
  const t = m.assignment.title;
  const [subject, text] = (
    {
      published: [`Marks published: ${t}`, `Your marks for "${t}" are published: ${m.marks}.`],
      marks: [
        `Your marks changed: ${t}`,
        `Your teacher changed your marks for "${t}": ${m.marks}.`,
      ],
      feedback: [
        `Feedback updated: ${t}`,
        `Your teacher updated the feedback on "${t}"; your marks stay ${m.marks}.`,
      ],
    } satisfies Record<typeof m.change, [string, string]>
  )[m.change];
  await notify.sendTo(db, 'marks_published', user, {
    subject,
    greeting: `Hello ${user.name},`,
    paragraphs: [text, 'Open the assignment to see the marks for each question and the reasons.'],
    action: { label: 'See your marks', url: notify.link(assignmentPath(m.assignment.code)) },
  });
}

/** Queues "your regrade request was answered" to the student. */
export async function queueRegradeAnswered(
  notify: Notifier,
  db: Kysely<Database>,
  r: { studentId: string; assignment: { code: string; title: string }; question: string },
): Promise<void> {
  await notify.send(db, 'regrade_answered', [r.studentId], (user) => ({
    subject: `Regrade answered: ${r.assignment.title}`,
    greeting: `Hello ${user.name},`,
    paragraphs: [
      `Your teacher answered your regrade request for question ${r.question} of "${r.assignment.title}".`,
    ],
    action: { label: 'Read the answer', url: notify.link(assignmentPath(r.assignment.code)) },
  }));
}

/** Queues "a student asks for a regrade" to the teacher. */
export async function queueRegradeRequested(
  notify: Notifier,
  db: Kysely<Database>,
  r: {
    teacherId: string;
    studentName: string;
    assignment: { code: string; title: string };
    question: string;
  },
): Promise<void> {
  await notify.send(db, 'regrade_requested', [r.teacherId], (user) => ({
    subject: `Regrade request: ${r.assignment.title}`,
    greeting: `Hello ${user.name},`,
    paragraphs: [
      `${r.studentName} asks you to look again at question ${r.question} of "${r.assignment.title}".`,
    ],
    action: {
      label: 'Open the grades table',
      url: notify.link(`/dashboard/gradetable/${encodeURIComponent(r.assignment.code)}`),
    },
  }));
}

/** How long before a deadline the reminder goes out. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled reminder: to each student who joined an assignment due within 24 hours and has
 * not handed in, once per deadline (a row in deadline_reminder, written with the email in one
 * transaction, so two runs at once or a run again later send nothing twice). Returns how many
 * reminders were recorded.
 */
export async function sendDeadlineReminders(deps: NotifyDeps, now = new Date()): Promise<number> {
  const db = deps.db.kysely;
  const due = await repo.remindersDue(
    db,
    now.toISOString(),
    new Date(now.getTime() + REMINDER_BEFORE_MS).toISOString(),
  );
  let recorded = 0;
  const assignments = new Map<string, Awaited<ReturnType<typeof repo.assignmentForMail>>>();
  for (const r of due) {
    if (!assignments.has(r.assignment_id))
      assignments.set(r.assignment_id, await repo.assignmentForMail(db, r.assignment_id));
    const a = assignments.get(r.assignment_id);
    if (!a) continue;
    const done = await db.transaction().execute(async (trx) => {
      const row = { ...r, sent_at: nowIso() };
      if (!(await repo.recordReminder(trx, row))) return false;
      await deps.notify.send(trx, 'deadline_reminder', [r.student_id], (user) => ({
        subject: `Due tomorrow: ${a.title}`,
        greeting: `Hello ${user.name},`,
        paragraphs: [
          `"${a.title}" is due ${deadlineText(r.deadline, a.deadline_time_zone)}, and you have not handed in yet.`,
          'Hand in before then: an answer after the deadline may be refused or lose marks.',
        ],
        action: { label: 'Hand in your answer', url: deps.notify.link(assignmentPath(a.code)) },
      }));
      return true;
    });
    if (done) recorded++;
  }
  if (recorded) deps.notify.wake();
  return recorded;
}
