import { z } from 'zod';
import { evaluationRun } from './evaluations';
import { MAX_READING_LENGTH, MAX_TOLERANCE_PERCENT } from './limits';
import { readingCorrection } from './maths';
import { messages } from './messages';

/**
 * The teacher's side of the engine's mathematics: how each question's numbers are marked
 * (tolerance, and the share a right value with a wrong or missing unit earns), and her
 * corrections of what the engine read in an answer, after which that answer is regraded. Owner
 * only; shared by the server and the web app.
 */

const percent = (max: number, message: string) =>
  z.number({ error: message }).finite(message).min(0, message).max(max, message);

/** PUT …/maths-settings/:number: both settings of one question, in percent. */
export const mathsSettingsBody = z.object({
  /** A value within this many percent of the expected one counts as right (0–50). */
  tolerancePercent: percent(MAX_TOLERANCE_PERCENT, messages.toleranceOutOfRange),
  /** Share of the credit a right value with a wrong or missing unit earns (0–100). */
  wrongUnitSharePercent: percent(100, messages.wrongUnitShareOutOfRange),
});
export type MathsSettingsBody = z.infer<typeof mathsSettingsBody>;

/** One question's settings as they stand; `custom` is false while they are the defaults. */
export const questionMathsSettings = mathsSettingsBody.extend({
  question: z.string(),
  custom: z.boolean(),
});
export type QuestionMathsSettings = z.infer<typeof questionMathsSettings>;

/** GET …/maths-settings: every question of the assignment with its settings, in paper order. */
export const mathsSettingsResponse = z.object({ questions: z.array(questionMathsSettings) });
export type MathsSettingsResponse = z.infer<typeof mathsSettingsResponse>;

/** /api/assignments/:code/maths-settings/:number */
export const mathsSettingsParams = z.object({
  code: z.string().describe('Class code, e.g. K7PQ3XM (case and spaces are ignored)'),
  number: z.string().describe('Question number as the question paper writes it, e.g. 1 or 2b'),
});

/** PUT …/submissions/:id/readings/:number: what the answer says for that question. */
export const readingCorrectionBody = z.object({
  text: z
    .string({ error: messages.readingRequired })
    .trim()
    .min(1, messages.readingRequired)
    .max(MAX_READING_LENGTH, messages.readingTooLong),
});
export type ReadingCorrectionBody = z.infer<typeof readingCorrectionBody>;

/** The answer of a correction or its removal: the correction (null: removed) and the run regrading the answer. */
export const readingChangeResponse = z.object({
  correction: readingCorrection.nullable(),
  run: evaluationRun,
});
export type ReadingChangeResponse = z.infer<typeof readingChangeResponse>;
