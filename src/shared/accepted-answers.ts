import { z } from 'zod';
import { MAX_ACCEPTED_ANSWER_LENGTH } from './limits';
import { messages } from './messages';

/**
 * "Accept answers like this": answers the teacher accepted as right for a question of her
 * assignment. Every grading run reads each one like an "Also accept:" line of the model answer,
 * so an answer that states it is credited. Owner only; shared by the server and the web app.
 */

/** POST /api/assignments/:code/accepted-answers: the question, the answer, and where it came from. */
export const acceptedAnswerBody = z.object({
  question: z.string().trim().min(1, messages.unknownQuestion).max(20),
  text: z
    .string({ error: messages.acceptedTextRequired })
    .trim()
    .min(1, messages.acceptedTextRequired)
    .max(MAX_ACCEPTED_ANSWER_LENGTH, messages.acceptedTextTooLong),
  /** The student's answer it was taken from, when it was (one of this assignment's). */
  submissionId: z.string().min(1).max(100).optional(),
});
export type AcceptedAnswerBody = z.infer<typeof acceptedAnswerBody>;

/** One accepted answer as the teacher sees it. */
export const acceptedAnswer = z.object({
  id: z.string(),
  question: z.string(),
  text: z.string(),
  /** The answer it was taken from (null when typed, or when that answer is gone). */
  submissionId: z.string().nullable(),
  /** Whose answer that was. */
  studentName: z.string().nullable(),
  createdAt: z.string(),
});
export type AcceptedAnswer = z.infer<typeof acceptedAnswer>;

/** GET …/accepted-answers: every accepted answer of the assignment, by question, oldest first. */
export const acceptedAnswersResponse = z.object({ answers: z.array(acceptedAnswer) });
export type AcceptedAnswersResponse = z.infer<typeof acceptedAnswersResponse>;
