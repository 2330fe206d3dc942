import {
  gradeAnswers,
  prepareAssignment,
  type AnswerResult,
  type ExtractedDocument,
} from '../../grading';

/** A class's readings and the assignment, as plain data for a reader process. */
export interface GradeBatchInput {
  totalMarks: number;
  diagramKeywords: string[];
  modelAnswer: ExtractedDocument;
  questionPaper: ExtractedDocument | null;
  answers: Array<{ id: string; document: ExtractedDocument }>;
  teacherMarks: Array<{ id: string; marks: number }>;
}

/** A result per answer, or why nothing could be graded. */
export type GradeBatchOutput =
  { status: 'graded'; results: AnswerResult[] } | { status: 'model-unreadable' };

/**
 * Grades a class's answers as one batch (rarity and similarity to classmates need the whole
 * class), calibrated by the teacher's marks. Runs in a reader process (see SandboxPool).
 */
export function gradePreparedBatch(input: GradeBatchInput): GradeBatchOutput {
  if (input.modelAnswer.status !== 'ok' || input.totalMarks <= 0) {
    return { status: 'model-unreadable' };
  }
  const prepared = prepareAssignment({
    modelAnswer: input.modelAnswer,
    questionPaper: input.questionPaper?.status === 'ok' ? input.questionPaper : undefined,
    totalMarks: input.totalMarks,
    diagramKeywords: input.diagramKeywords,
  });
  const results = gradeAnswers(prepared, input.answers, { teacherMarks: input.teacherMarks });
  return { status: 'graded', results };
}
