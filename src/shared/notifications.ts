import { z } from 'zod';

/**
 * The kinds of email a person may turn off, each with the line the settings page shows and who
 * gets it. Verifying an address and resetting a password are not here: they cannot be refused.
 */
export const mailKinds = [
  {
    kind: 'new_assignment',
    label: 'New assignments',
    description: 'When a teacher sets an assignment for you.',
    audience: 'student',
  },
  {
    kind: 'deadline_reminder',
    label: 'Deadline reminders',
    description: 'A day before a deadline, when you have not handed in yet.',
    audience: 'student',
  },
  {
    kind: 'hand_in_receipt',
    label: 'Hand-in receipts',
    description: 'When you hand in, with the fingerprint (SHA-256) of your file.',
    audience: 'student',
  },
  {
    kind: 'marks_published',
    label: 'Marks published',
    description: 'When your teacher publishes or changes your marks.',
    audience: 'student',
  },
  {
    kind: 'regrade_answered',
    label: 'Regrade answers',
    description: 'When your teacher answers your regrade request.',
    audience: 'student',
  },
  {
    kind: 'regrade_requested',
    label: 'Regrade requests',
    description: 'When a student asks you to look at a mark again.',
    audience: 'teacher',
  },
] as const;

/** A kind of email a person may turn off. */
export type MailKind = (typeof mailKinds)[number]['kind'];
export const mailKind = z.enum(mailKinds.map((k) => k.kind) as [MailKind, ...MailKind[]]);

/** GET /api/me/email-settings: the kinds that concern the user, each on or off. */
export const emailSettingsResponse = z.object({
  kinds: z.array(
    z.object({
      kind: mailKind,
      label: z.string(),
      description: z.string(),
      enabled: z.boolean(),
    }),
  ),
});
export type EmailSettingsResponse = z.infer<typeof emailSettingsResponse>;

/** PUT /api/me/email-settings body: turn one kind on or off. */
export const emailSettingBody = z.object({ kind: mailKind, enabled: z.boolean() });
export type EmailSettingBody = z.infer<typeof emailSettingBody>;

/** POST /api/unsubscribe body: the token from an email's unsubscribe link. */
export const unsubscribeBody = z.object({ token: z.string().min(1).max(300) });

/** What an unsubscribe link turned off. */
export const unsubscribeResponse = z.object({ kind: mailKind, label: z.string() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

export const mailStatus = z.enum(['queued', 'sent', 'failed']);

/** One message in the operator's outbox list. */
export const outboxItem = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: mailStatus,
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItem>;

/** GET /api/operator/mail: the newest messages, optionally of one status, and counts by status. */
export const outboxQuery = z.object({
  status: mailStatus.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const outboxResponse = z.object({
  messages: z.array(outboxItem),
  counts: z.object({ queued: z.number(), sent: z.number(), failed: z.number() }),
});
export type OutboxResponse = z.infer<typeof outboxResponse>;

/** GET /api/operator/mail/:id: one message whole. */
export const outboxMessage = outboxItem.extend({ text: z.string(), html: z.string() });
export type OutboxMessage = z.infer<typeof outboxMessage>;
