import { z } from 'zod';
import { MAX_FILE_BYTES, MAX_TOTAL_MARKS } from './limits';
import { assignmentClassField } from './classes';
import { messages } from './messages';
import { DEFAULT_TIME_ZONE, isTimeZone, zonedToUtc } from './time-zones';

/**
 * The assignments API contract (DESIGN.md "HTTP API"): the request bodies the server validates
 * and the web app sends. The response shapes live in ./assignment-responses and are re-exported
 * here, so callers import the whole contract from this one module.
 */
export * from './assignment-responses';

/** Longest assignment title, in characters. */
export const MAX_TITLE_LENGTH = 200;
/** Longest assignment description, in characters. */
export const MAX_DESCRIPTION_LENGTH = 10_000;
/** Most diagram keywords an assignment keeps, and the longest one. */
export const MAX_DIAGRAM_KEYWORDS = 50;
export const MAX_KEYWORD_LENGTH = 60;

/** The files an assignment carries, as named in GET /api/assignments/:code/files/:kind. */
export const assignmentFileKinds = ['question-paper', 'model-answer', 'diagram'] as const;
export const assignmentFileKind = z.enum(assignmentFileKinds);
export type AssignmentFileKind = z.infer<typeof assignmentFileKind>;

/** Multipart field names of POST /api/assignments (files) and POST .../submission. */
export const createAssignmentFileFields = {
  questionPaper: 'questionPaper',
  modelAnswer: 'modelAnswer',
  diagram: 'diagram',
} as const;
export const submissionFileField = 'answer';

/** Where the web app downloads an assignment's file (inline; add `?download=1` for an attachment). */
export const assignmentFileUrl = (code: string, kind: AssignmentFileKind) =>
  `/api/assignments/${encodeURIComponent(code)}/files/${kind}`;
/** Where the web app opens a submitted answer PDF. */
export const submissionFileUrl = (code: string, submissionId: string) =>
  `/api/assignments/${encodeURIComponent(code)}/submissions/${encodeURIComponent(submissionId)}/file`;

/**
 * A deadline as sent by a form: an ISO date (taken as 23:59:59.999 that day), a day and time
 * without offset ("2026-12-31T09:00", in the deadline's time zone), or an ISO date-time with an
 * offset (an exact instant). `deadlineInstant` turns it into the stored ISO-8601 UTC instant;
 * the server refuses one that has passed.
 */
export const deadlineInput = z
  .string({ error: messages.deadlineRequired })
  .trim()
  .min(1, messages.deadlineRequired)
  .pipe(
    z.union([z.iso.date(), z.iso.datetime({ local: true }), z.iso.datetime({ offset: true })], {
      error: messages.deadlineInvalid,
    }),
  );

/** The IANA time zone a deadline is set in ("Europe/London"); one that does not exist is refused. */
export const timeZoneInput = z
  .string({ error: messages.timeZoneInvalid })
  .trim()
  .refine(isTimeZone, messages.timeZoneInvalid);

/**
 * The ISO-8601 UTC instant of a deadline as sent (see deadlineInput) in `zone`: a date alone is
 * the end of its 23:59 there, a day and time is that wall-clock time there (daylight saving
 * included), an instant with an offset is itself.
 */
export function deadlineInstant(deadline: string, zone: string = DEFAULT_TIME_ZONE): string {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(deadline)) return new Date(deadline).toISOString();
  const wall = Date.parse((deadline.length === 10 ? deadline + 'T23:59:59.999' : deadline) + 'Z');
  return new Date(zonedToUtc(wall, zone)).toISOString();
}

const title = z
  .string({ error: messages.titleRequired })
  .trim()
  .min(1, messages.titleRequired)
  .max(MAX_TITLE_LENGTH, messages.titleTooLong);

const description = z.string().trim().max(MAX_DESCRIPTION_LENGTH, messages.descriptionTooLong);

const totalMarksNumber = z
  .number({ error: messages.totalMarksInvalid })
  .int(messages.totalMarksInvalid)
  .min(0, messages.totalMarksInvalid)
  .max(MAX_TOTAL_MARKS, messages.totalMarksInvalid);

/** Total marks as a multipart text field: digits only ("abc", "-1", "1.5", "" are refused). */
const totalMarksText = z
  .string({ error: messages.totalMarksInvalid })
  .trim()
  .regex(/^\d{1,4}$/, messages.totalMarksInvalid)
  .transform(Number)
  .pipe(totalMarksNumber);

/** Comma-separated keywords for the diagram analyser → trimmed, de-duplicated (ignoring case), non-empty. */
export const diagramKeywordsInput = z
  .string()
  .max(MAX_DIAGRAM_KEYWORDS * (MAX_KEYWORD_LENGTH + 2), messages.tooManyKeywords)
  .transform((v) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const k of v.split(',').map((s) => s.trim().replace(/\s+/g, ' '))) {
      if (k && !seen.has(k.toLowerCase())) {
        seen.add(k.toLowerCase());
        out.push(k);
      }
    }
    return out;
  })
  .pipe(
    z
      .array(z.string().max(MAX_KEYWORD_LENGTH, messages.tooManyKeywords))
      .max(MAX_DIAGRAM_KEYWORDS, messages.tooManyKeywords),
  );

/**
 * POST /api/assignments text fields (multipart/form-data, all strings). Files go in the
 * fields named by createAssignmentFileFields: questionPaper and modelAnswer PDFs (required),
 * diagram JPEG/PNG (optional).
 */
export const createAssignmentFields = z.object({
  title,
  description: description.default(''),
  deadline: deadlineInput,
  deadlineTimeZone: timeZoneInput.optional(),
  totalMarks: totalMarksText,
  diagramKeywords: diagramKeywordsInput.default([]),
  classId: assignmentClassField,
});
export type CreateAssignmentFields = z.input<typeof createAssignmentFields>;
export type CreateAssignmentInput = z.output<typeof createAssignmentFields>;

const pdfFile = (what: string) =>
  z
    .file()
    .mime(['application/pdf'])
    .max(MAX_FILE_BYTES)
    .describe(`${what} (PDF, at most 512000 bytes)`);

/**
 * The whole multipart/form-data body of POST /api/assignments, for the API reference: the text
 * fields above plus the files. The server reads it as a stream and checks each file by content.
 */
export const createAssignmentForm = z.object({
  ...createAssignmentFields.shape,
  deadline: createAssignmentFields.shape.deadline.describe(
    'An ISO date-time with offset; a day and time without offset (2026-12-31T09:00, in deadlineTimeZone); or an ISO date (23:59:59.999 that day in deadlineTimeZone). Not passed',
  ),
  deadlineTimeZone: timeZoneInput
    .optional()
    .describe('IANA time zone the deadline is set in (default UTC), such as Europe/London'),
  totalMarks: createAssignmentFields.shape.totalMarks.describe('A whole number 0–1000 in digits'),
  diagramKeywords: createAssignmentFields.shape.diagramKeywords.describe(
    'Comma-separated; at most 50 of at most 60 characters',
  ),
  [createAssignmentFileFields.questionPaper]: pdfFile('The question paper'),
  [createAssignmentFileFields.modelAnswer]: pdfFile('The model answer'),
  [createAssignmentFileFields.diagram]: z
    .file()
    .mime(['image/jpeg', 'image/png'])
    .max(MAX_FILE_BYTES)
    .optional()
    .describe('The model diagram (JPEG or PNG, at most 512000 bytes)'),
});

/** The multipart/form-data body of POST /api/assignments/:code/submission: one answer PDF. */
export const submissionForm = z.object({ [submissionFileField]: pdfFile("The student's answer") });

/** PATCH /api/assignments/:code (JSON): any of title, description, deadline, totalMarks, diagramKeywords. */
export const updateAssignmentBody = z
  .object({
    title: title.optional(),
    description: description.optional(),
    deadline: deadlineInput.optional(),
    deadlineTimeZone: timeZoneInput.optional(),
    totalMarks: z.union([totalMarksNumber, totalMarksText]).optional(),
    diagramKeywords: diagramKeywordsInput.optional(),
    classId: z.string().trim().min(1).max(64).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), messages.nothingToUpdate)
  .refine((b) => b.deadline !== undefined || b.deadlineTimeZone === undefined, {
    message: messages.timeZoneWithoutDeadline,
    path: ['deadline'],
  });
export type UpdateAssignmentBody = z.input<typeof updateAssignmentBody>;
export type UpdateAssignmentInput = z.output<typeof updateAssignmentBody>;

/** POST /api/assignments/join: the class code, matched ignoring case and surrounding spaces. */
export const joinAssignmentBody = z.object({
  code: z
    .string({ error: messages.joinFailedText })
    .trim()
    .min(1, messages.joinFailedText)
    .max(32, messages.joinFailedText),
});
export type JoinAssignmentBody = z.infer<typeof joinAssignmentBody>;

/** PUT .../submissions/:id/marks: 0..totalMarks with at most 2 decimals (so 7.5 and 7.25 are fine). */
export const marksBody = z.object({
  marks: z
    .number({ error: messages.marksInvalid })
    .min(0, messages.marksInvalid)
    .max(MAX_TOTAL_MARKS, messages.marksInvalid)
    // Exactly two decimals at most: the number must be its own value rounded to cents.
    .refine((m) => Number(m.toFixed(2)) === m, messages.marksInvalid),
});
export type MarksBody = z.infer<typeof marksBody>;
