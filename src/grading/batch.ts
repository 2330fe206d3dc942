import { extractDocument } from './extract';
import { gradeAnswers, type AnswerInput } from './grade';
import { createOcrEngine } from './ocr';
import { prepareAssignment, type PrepareArgs } from './prepare';
import type {
  AnswerResult,
  DocumentInput,
  OcrEngine,
  PreparedAssignment,
  TeacherMark,
} from './types';

/** Everything needed to grade one assignment's answers from their raw files. */
export type BatchArgs = {
  modelAnswer: DocumentInput;
  questionPaper?: DocumentInput;
  totalMarks: number;
  diagramKeywords?: string[];
  diagramShare?: number;
  /** The teacher's rubric items by question number (see prepareAssignment). */
  rubric?: PrepareArgs['rubric'];
  answers: { id: string; input: DocumentInput }[];
  teacherMarks?: TeacherMark[];
  /** A shared OCR engine; when absent one is started for the batch and terminated after it. */
  ocr?: OcrEngine;
  /** Called after each answer is extracted, for progress bars. */
  onProgress?: (done: number, total: number) => void;
};

/**
 * Extracts the papers and every answer and prepares the assignment: the first half of a batch,
 * shared by grading and by the choice of answers to mark first. Throws only when the model answer
 * cannot be read.
 */
export async function readBatch(
  args: BatchArgs,
): Promise<{ prepared: PreparedAssignment; answers: AnswerInput[] }> {
  const own = args.ocr ? null : createOcrEngine();
  const ocr = (args.ocr ?? own) as OcrEngine;
  try {
    const modelAnswer = await extractDocument(args.modelAnswer, { ocr });
    const questionPaper = args.questionPaper
      ? await extractDocument(args.questionPaper, { ocr })
      : undefined;
    const prepared = prepareAssignment({
      modelAnswer,
      questionPaper,
      totalMarks: args.totalMarks,
      diagramKeywords: args.diagramKeywords,
      diagramShare: args.diagramShare,
      rubric: args.rubric,
    });
    const answers: AnswerInput[] = [];
    for (const a of args.answers) {
      answers.push({ id: a.id, document: await extractDocument(a.input, { ocr }) });
      args.onProgress?.(answers.length, args.answers.length);
    }
    return { prepared, answers };
  } finally {
    await own?.terminate();
  }
}

/**
 * Extracts, prepares and grades in one call: the same path the server takes, for the CLI and
 * the benchmark. Throws only when the model answer cannot be read.
 */
export async function gradeBatch(args: BatchArgs): Promise<AnswerResult[]> {
  const { prepared, answers } = await readBatch(args);
  return gradeAnswers(prepared, answers, { teacherMarks: args.teacherMarks });
}
