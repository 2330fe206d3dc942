/**
 * The Markwise grading engine: a pure library (no HTTP, database or environment).
 *
 * The evaluation worker calls it in three steps:
 *   const doc = await extractDocument({ kind: 'pdf', bytes }, { ocr })   // never throws
 *   const prepared = prepareAssignment({ modelAnswer, questionPaper, totalMarks, diagramKeywords })
 *   const results = gradeAnswers(prepared, [{ id, document }, …], { teacherMarks })
 * Grade all answers of an assignment in one call: term rarity and similarity to the other
 * answers are part of the score. `gradeBatch` does all three steps for the CLI and benchmark.
 */
export { extractDocument, READER_VERSION } from './extract';
export { createOcrEngine } from './ocr';
export { inspectPdf, type PdfInspection, type PdfProblem } from './inspect';
export { DEFAULT_READ_LIMITS, type ReadLimits } from './read-limits';
export { prepareAssignment, type PrepareArgs } from './prepare';
export { gradeAnswers, type AnswerInput, type GradeOptions } from './grade';
export { gradeBatch, readBatch, type BatchArgs } from './batch';
export { suggestToMark } from './suggest-answers';
export { rubricKeyPoint } from './key-points';
export type {
  AnswerResult,
  DocumentInput,
  ExtractedDocument,
  ExtractedPage,
  KeyPoint,
  OcrEngine,
  PreparedAssignment,
  PreparedQuestion,
  QuestionResult,
  TeacherMark,
  UnreadableReason,
} from './types';
