import { z } from 'zod';

/**
 * Path and query parameters of the HTTP API: the routes declare them and the OpenAPI document
 * shows them. They are deliberately lenient where the answer to a malformed value is a 404 like
 * any unknown resource (a class code or an id that does not exist), so nothing can be probed.
 */

/** A class code in a URL: case and spaces are ignored, so any text is taken and an unknown one is a 404. */
export const classCode = z
  .string()
  .describe('Class code, e.g. K7PQ3XM (case and spaces are ignored)');

/** /api/assignments/:code/… */
export const codeParams = z.object({ code: classCode });
export type CodeParams = z.infer<typeof codeParams>;

/** /api/assignments/:code/submissions/:id/… */
export const submissionParams = codeParams.extend({ id: z.string().describe('Submission id') });
export type SubmissionParams = z.infer<typeof submissionParams>;

/** /api/assignments/:code/submissions/:id/questions/:number */
export const questionParams = submissionParams.extend({
  number: z.string().describe('Question number as the question paper writes it, e.g. 1 or 2b'),
});
export type QuestionParams = z.infer<typeof questionParams>;

/** /api/assignments/:code/rubric/items/:id */
export const rubricItemParams = codeParams.extend({ id: z.string().describe('Rubric item id') });

/** /api/assignments/:code/accepted-answers/:id */
export const acceptedAnswerParams = codeParams.extend({
  id: z.string().describe('Accepted answer id'),
});

/** /api/assignments/:code/regrade-requests/:id/answer */
export const regradeParams = codeParams.extend({ id: z.string().describe('Regrade request id') });

/**
 * /api/assignments/:code/files/:kind. The kind is checked by the route, so an unknown one is a
 * 404 "This assignment has no such file." like a file the assignment lacks.
 */
export const assignmentFileParams = codeParams.extend({
  kind: z.string().describe('question-paper, model-answer (owner only) or diagram'),
});

/** `?download=1` asks for a file as an attachment instead of inline. */
export const fileQuery = z.object({
  download: z
    .string()
    .optional()
    .describe('1 sends the file as an attachment (Content-Disposition: attachment)'),
});
export type FileQuery = z.infer<typeof fileQuery>;

/** /api/avatars/:file: a seed of 1–32 letters and digits, with or without `.svg`. */
export const avatarParams = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9]{1,32}(\.svg)?$/, 'An avatar is named by 1–32 letters and digits.')
    .describe('Seed of the avatar, e.g. Ab3dE9kLmN.svg'),
});
