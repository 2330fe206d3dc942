import {
  createOcrEngine,
  extractDocument,
  gradeAnswers,
  prepareAssignment,
  type AnswerResult,
  type ExtractedDocument,
} from '../../grading';

/** Everything one grading run needs, as plain data that can cross to a worker thread. */
export interface GradingJob {
  totalMarks: number;
  diagramKeywords: string[];
  /** PDF bytes; null when the file is missing from the store. */
  modelAnswer: Uint8Array | null;
  questionPaper: Uint8Array | null;
  answers: Array<{ id: string; pdf: Uint8Array | null }>;
  teacherMarks: Array<{ id: string; marks: number }>;
}

/** What a grading job produced: a result per answer, or why nothing could be graded. */
export type GradingJobOutcome =
  { status: 'graded'; results: AnswerResult[] } | { status: 'model-unreadable' };

const missing: ExtractedDocument = {
  status: 'unreadable',
  reason: 'empty',
  message: 'The stored file is missing.',
  pages: [],
};

/**
 * Reads the model answer, question paper and every answer, then grades the answers as one batch
 * (rarity and similarity to classmates need the whole class) calibrated by the teacher's marks.
 * `onRead` reports how many answers have been read. Runs in a worker thread (see grading-thread).
 */
export async function runGradingJob(
  job: GradingJob,
  onRead: (read: number) => void,
): Promise<GradingJobOutcome> {
  const ocr = createOcrEngine();
  const read = (pdf: Uint8Array | null) =>
    pdf ? extractDocument({ kind: 'pdf', bytes: pdf }, { ocr }) : Promise.resolve(missing);
  try {
    const modelAnswer = await read(job.modelAnswer);
    if (modelAnswer.status !== 'ok' || job.totalMarks <= 0) return { status: 'model-unreadable' };
    const questionPaper = job.questionPaper ? await read(job.questionPaper) : undefined;
    const prepared = prepareAssignment({
      modelAnswer,
      questionPaper: questionPaper?.status === 'ok' ? questionPaper : undefined,
      totalMarks: job.totalMarks,
      diagramKeywords: job.diagramKeywords,
    });
    const documents: Array<{ id: string; document: ExtractedDocument }> = [];
    for (const a of job.answers) {
      documents.push({ id: a.id, document: await read(a.pdf) });
      onRead(documents.length);
    }
    const results = gradeAnswers(prepared, documents, { teacherMarks: job.teacherMarks });
    return { status: 'graded', results };
  } finally {
    await ocr.terminate();
  }
}
