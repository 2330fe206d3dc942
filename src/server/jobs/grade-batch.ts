import {
  extractDocument,
  gradeAnswers,
  prepareAssignment,
  rubricKeyPoint,
  suggestToMark,
  type AnswerResult,
  type ExtractedDocument,
  type OcrEngine,
  type ReadLimits,
} from '../../grading';

/** A class's readings and the assignment, as plain data for a reader process. */
export interface GradeBatchInput {
  totalMarks: number;
  diagramKeywords: string[];
  modelAnswer: ExtractedDocument;
  questionPaper: ExtractedDocument | null;
  answers: Array<{ id: string; document: ExtractedDocument }>;
  teacherMarks: Array<{ id: string; marks: number }>;
  /** How many answers to suggest the teacher mark first (among those without the teacher's marks). */
  suggest: number;
  /** The teacher's rubric items by question number: they replace the model answer's key points. */
  rubric?: Record<string, Array<{ text: string; alternatives: string[] }>>;
}

/** A result per answer, or why nothing could be graded. */
export type GradeBatchOutput =
  | { status: 'graded'; results: AnswerResult[]; suggested: string[] }
  | { status: 'model-unreadable' };

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
  for (const q of prepared.questions) {
    const items = input.rubric?.[q.number];
    if (items?.length) q.keyPoints = items.map((i) => rubricKeyPoint(i, q.questionText));
  }
  const results = gradeAnswers(prepared, input.answers, { teacherMarks: input.teacherMarks });
  const marked = new Set(input.teacherMarks.map((t) => t.id));
  const unmarked = input.answers.filter((a) => !marked.has(a.id));
  return { status: 'graded', results, suggested: suggestToMark(prepared, unmarked, input.suggest) };
}

/** The papers of an assignment, to find its questions before any answer is graded. */
export interface PreparePapersInput {
  modelAnswer: Uint8Array;
  questionPaper: Uint8Array | null;
  totalMarks: number;
  diagramKeywords: string[];
  limits: ReadLimits;
}

/** The questions found, or null when the model answer cannot be read. */
export type PreparedPapers = Array<{
  number: string;
  total: number;
  questionText: string;
  keyPoints: string[];
}> | null;

/** Reads the model answer and question paper and returns the questions with marks and key points. */
export async function preparePapers(
  input: PreparePapersInput,
  ocr: OcrEngine,
): Promise<PreparedPapers> {
  const read = (bytes: Uint8Array) =>
    extractDocument({ kind: 'pdf', bytes }, { ocr, limits: input.limits });
  const modelAnswer = await read(input.modelAnswer);
  if (modelAnswer.status !== 'ok' || input.totalMarks <= 0) return null;
  const paper = input.questionPaper ? await read(input.questionPaper) : null;
  const prepared = prepareAssignment({
    modelAnswer,
    questionPaper: paper?.status === 'ok' ? paper : undefined,
    totalMarks: input.totalMarks,
    diagramKeywords: input.diagramKeywords,
  });
  return prepared.questions.map((q) => ({
    number: q.number,
    total: q.total,
    questionText: q.questionText,
    keyPoints: q.keyPoints.map((k) => k.phrase),
  }));
}
