import { z } from 'zod';
import { deadlineInput, timeZoneInput } from './assignments';
import { round2 } from './marks-rounding';
import { latePenaltyKind } from './late-penalty';
import { codeParams } from './params';

export * from './late-penalty';

/**
 * Extensions and late work (issue 23, part 5): the request bodies and their messages; the
 * penalty's arithmetic and the response shapes are in ./late-penalty (re-exported here).
 */

export const lateMessages = {
  penaltyOutOfRange: 'The late penalty must be a number from 0% to 100%.',
  lateUntilRequired: 'Please choose until when late hand-ins are accepted.',
  lateUntilNotAfterDeadline:
    'Late hand-ins must be accepted until a moment after the deadline. Choose a later date or time.',
  extensionNotAfterDeadline:
    'An extension must end after the assignment’s deadline. Choose a later date or time.',
  extensionPast: 'An extension must end in the future. Choose a later date or time.',
  extensionNotJoined: 'This student has not joined this assignment.',
  extensionHandedIn:
    'This student has already handed in, so an extension would change nothing: her hand-in’s lateness is kept as it was.',
  extensionNotFound: 'This student has no extension on this assignment.',
  deadlineAfterLateUntil:
    'The deadline must be before the late cut-off. Move the late cut-off later first, or stop accepting late work.',
} as const;

/** A percent of 0 to 100 with at most 2 decimals. */
const percent = z
  .number({ error: lateMessages.penaltyOutOfRange })
  .min(0, lateMessages.penaltyOutOfRange)
  .max(100, lateMessages.penaltyOutOfRange)
  .refine((n) => Number.isFinite(n) && round2(n) === n, lateMessages.penaltyOutOfRange);

/**
 * PUT /api/assignments/:code/late-policy. `lateUntil` is a deadline as the forms send one (see
 * deadlineInput) in `lateUntilTimeZone` (the assignment's deadline zone when left out); it is
 * required when late work is accepted and ignored (cleared) otherwise. The penalty, when left
 * out, keeps its stored value: it still applies to answers already handed in late.
 */
export const latePolicyBody = z
  .object({
    acceptLate: z.boolean({ error: 'Say whether late hand-ins are accepted.' }),
    lateUntil: deadlineInput.nullable().optional(),
    lateUntilTimeZone: timeZoneInput.optional(),
    /** Left out: the stored one stays (per-day at first). */
    penaltyKind: latePenaltyKind.optional(),
    /** Left out: the stored one stays (0 at first). */
    penaltyPercent: percent.optional(),
  })
  .refine((b) => !b.acceptLate || (b.lateUntil !== undefined && b.lateUntil !== null), {
    message: lateMessages.lateUntilRequired,
    path: ['lateUntil'],
  });
export type LatePolicyBody = z.infer<typeof latePolicyBody>;
export type LatePolicyInput = z.input<typeof latePolicyBody>;

/** PUT /api/assignments/:code/extensions/:studentId: her own deadline, as the forms send one. */
export const extensionBody = z.object({
  deadline: deadlineInput,
  /** The IANA zone the deadline is in; the assignment's deadline zone when left out. */
  deadlineTimeZone: timeZoneInput.optional(),
});
export type ExtensionBody = z.infer<typeof extensionBody>;

export const extensionParams = codeParams.extend({
  studentId: z.string().describe('The student’s user id'),
});

/** One joined student in the owner's extensions list. */
export const extensionEntry = z.object({
  studentId: z.string(),
  studentName: z.string(),
  /** Her own deadline (ISO-8601 UTC), or null: the assignment's. */
  deadline: z.string().nullable(),
  deadlineTimeZone: z.string().nullable(),
  /** Whether she has handed in (an extension then changes nothing); absent while marking anonymously. */
  handedIn: z.boolean().optional(),
});
export type ExtensionEntry = z.infer<typeof extensionEntry>;

/** GET /api/assignments/:code/extensions (owner): every joined student, by name. */
export const extensionListResponse = z.object({ students: z.array(extensionEntry) });
export type ExtensionListResponse = z.infer<typeof extensionListResponse>;
