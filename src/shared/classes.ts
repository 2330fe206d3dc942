import { z } from 'zod';
import { messages } from './messages';

/**
 * The classes API contract: a teacher's classes with their join code and link, the roster,
 * invitations by email and co-teachers. Words the user reads are in `classMessages`.
 */

/** Words about classes, in one place so the server, the web app and the tests agree. */
export const classMessages = {
  classNotFound: 'Class not found.',
  nameRequired: 'Please enter the class name.',
  nameTooLong: 'The class name can be at most 100 characters.',
  sectionTooLong: 'The section can be at most 100 characters.',
  termTooLong: 'The term can be at most 100 characters.',
  termEndInvalid: "Enter the term's last day as a date, like 2027-03-31.",
  nothingToUpdate: 'Nothing to change: send at least one field.',
  onlyStudentsJoin: 'Only students can join classes.',
  ownerOnly: "Only the class's owner can do that.",
  classArchived: 'This class is archived: its work is read-only.',
  classArchivedJoin: 'This class is archived and takes no new students.',
  alreadyArchived: 'This class is archived already.',
  notArchived: 'This class is not archived.',
  removedFromClass:
    'Your teacher removed you from this class. Ask them to invite you again if this is a mistake.',
  notAMember: 'This student is not in the class.',
  invitationNotFound:
    'This invitation link is not valid. Check that you opened the whole link, or ask your teacher for a new one.',
  invitationExpired: 'This invitation has expired. Ask your teacher to invite you again.',
  invitationUsed:
    'This invitation has already been used by another account. Ask your teacher for one of your own.',
  onlyStudentsAccept: 'Only students can join a class. Sign in with your student account.',
  noAddresses: 'Enter at least one email address.',
  tooManyAddresses: 'At most 500 addresses at a time.',
  badAddress: 'Not a valid email address.',
  duplicateAddress: (line: number) => `Listed already on line ${line}.`,
  alreadyMember: 'Already in the class.',
  coTeacherUnknown:
    'No teacher has a Markwise account with this email address. Ask them to sign up as a teacher first.',
  coTeacherIsOwner: 'You own this class already.',
  coTeacherAlready: 'Already a co-teacher of this class.',
  classFixed: "An assignment's class cannot be changed once it is set.",
  classUnavailable: 'Choose one of your own classes that is not archived.',
} as const;

/** Longest class name, section and term, in characters. */
export const MAX_CLASS_TEXT = 100;
/** Most addresses one invitation request may hold. */
export const MAX_INVITATIONS = 500;
/** How long an invitation link works, in days. */
export const INVITATION_DAYS = 14;

const m = classMessages;
const text = (tooLong: string) => z.string().trim().max(MAX_CLASS_TEXT, tooLong);

/** The term's last day, YYYY-MM-DD; null or "" for none. */
const termEndsOn = z
  .union([z.literal('').transform(() => null), z.iso.date({ error: m.termEndInvalid }), z.null()], {
    error: m.termEndInvalid,
  })
  .describe("The term's last day (YYYY-MM-DD); the class is archived after it");

/** POST /api/classes. */
export const createClassBody = z.object({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(MAX_CLASS_TEXT, m.nameTooLong),
  section: text(m.sectionTooLong).default(''),
  term: text(m.termTooLong).default(''),
  termEndsOn: termEndsOn.optional(),
});
export type CreateClassBody = z.input<typeof createClassBody>;

/** PATCH /api/classes/:id: any of the fields above. */
export const updateClassBody = createClassBody
  .partial()
  .extend({ section: text(m.sectionTooLong).optional(), term: text(m.termTooLong).optional() })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), m.nothingToUpdate);
export type UpdateClassBody = z.input<typeof updateClassBody>;

/** How the user stands to a class. */
export const classRole = z.enum(['owner', 'co-teacher', 'student']);
export type ClassRole = z.infer<typeof classRole>;

/** A class as listed. */
export const classSummary = z.object({
  id: z.string(),
  name: z.string(),
  section: z.string(),
  term: z.string(),
  termEndsOn: z.string().nullable(),
  ownerName: z.string(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  role: classRole,
  /** Teachers only: the join code and link. */
  code: z.string().optional(),
  joinUrl: z.string().optional(),
});
export type ClassSummary = z.infer<typeof classSummary>;

/** GET /api/classes: the user's classes, current first, archived ones apart. */
export const classListResponse = z.object({
  active: z.array(classSummary),
  archived: z.array(classSummary),
});
export type ClassListResponse = z.infer<typeof classListResponse>;

/** GET /api/classes/:id: the class with its assignments (and, for teachers, its teachers). */
export const classDetail = classSummary.extend({
  assignments: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      deadline: z.string(),
      isPastDeadline: z.boolean(),
    }),
  ),
  /** Teachers only: the owner and co-teachers. */
  teachers: z
    .array(z.object({ id: z.string(), name: z.string(), email: z.string(), role: classRole }))
    .optional(),
});
export type ClassDetail = z.infer<typeof classDetail>;

/** Where a student stands on one assignment, in the roster's grid. */
export const rosterWorkStatus = z.enum(['not-handed-in', 'handed-in', 'marked', 'published']);
export type RosterWorkStatus = z.infer<typeof rosterWorkStatus>;

/** GET /api/classes/:id/roster (teachers only). `work[i]` is the status on `assignments[i]`. */
export const rosterResponse = z.object({
  assignments: z.array(z.object({ code: z.string(), title: z.string(), deadline: z.string() })),
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      joinedAt: z.string(),
      work: z.array(rosterWorkStatus),
    }),
  ),
  invitations: z.array(z.object({ email: z.string(), expiresAt: z.string() })),
});
export type RosterResponse = z.infer<typeof rosterResponse>;

/** POST /api/classes/:id/invitations: one address, a pasted list, or a CSV file's text. */
export const inviteBody = z.object({
  addresses: z
    .string({ error: m.noAddresses })
    .max(100_000, m.tooManyAddresses)
    .describe(
      'One address, or many separated by new lines, commas or semicolons, or the text of a CSV file (the cells holding an @ are read)',
    ),
});
export type InviteBody = z.infer<typeof inviteBody>;

/** What an invitation request did: who was invited, and each line it could not use and why. */
export const inviteResponse = z.object({
  invited: z.array(z.string()),
  problems: z.array(z.object({ line: z.number().int(), entry: z.string(), message: z.string() })),
});
export type InviteResponse = z.infer<typeof inviteResponse>;

/** POST /api/classes/:id/co-teachers. */
export const coTeacherBody = z.object({
  email: z.string({ error: messages.invalidEmail }).trim().pipe(z.email(messages.invalidEmail)),
});
export type CoTeacherBody = z.infer<typeof coTeacherBody>;

/** POST /api/classes/join: the class's code (an assignment's code joins its class too). */
export const joinClassBody = z.object({
  code: z
    .string({ error: messages.joinFailedText })
    .trim()
    .min(1, messages.joinFailedText)
    .max(32, messages.joinFailedText),
});
export type JoinClassBody = z.infer<typeof joinClassBody>;

/** The reply of joining a class, by code or invitation. */
export const joinClassResponse = z.object({ class: classSummary, alreadyJoined: z.boolean() });
export type JoinClassResponse = z.infer<typeof joinClassResponse>;

/** GET /api/invitations/:token: what the invitation is for. */
export const invitationView = z.object({
  className: z.string(),
  section: z.string(),
  ownerName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** The class of a new assignment (multipart text field; empty for none). */
export const assignmentClassField = z
  .string()
  .trim()
  .max(64)
  .transform((v) => v || undefined)
  .optional()
  .describe('Id of one of your classes the assignment belongs to (optional)');

/** /api/classes/:id */
export const classParams = z.object({ id: z.string().describe('Class id') });
/** /api/classes/:id/students/:userId and /co-teachers/:userId */
export const classMemberParams = classParams.extend({ userId: z.string().describe('User id') });
/** /api/invitations/:token */
export const invitationParams = z.object({ token: z.string().describe('The token of the link') });

/** Where the web app's join page for a class code is. */
export const joinPath = (code: string) => `/join/${encodeURIComponent(code)}`;
/** Where an invitation email's link leads. */
export const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;
