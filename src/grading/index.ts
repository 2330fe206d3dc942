/**
 * The Markwise grading engine: a pure library (no HTTP, database or environment).
 *
 * Grading is one pipeline, whoever runs it:
 *   const doc = await extractDocument({ kind: 'pdf', bytes }, { ocr })   // never throws
 *   const prepared = prepareAssignment({ modelAnswer, questionPaper, totalMarks, diagramKeywords })
 *   const analysis = analyseAnswer(prepared, doc)          // per answer, in any order or worker
 *   const scores = scoreClass(prepared, [{ id, analysis }, …], teacherMarks)   // once per class
 *   const result = resultOf(prepared, analysis, score)     // per answer
 * Term rarity and similarity to the other answers are part of the score, hence the class step.
 * `gradeAnswers` runs the last three in one call; `gradeBatch` all of them (CLI and benchmarks);
 * the server's grading jobs run them as separate, stored steps (src/server/jobs).
 */
export {
  decodeReading,
  encodeReading,
  extractDocument,
  READER_VERSION,
  READING_PREFIX,
} from './extract';
export { createOcrEngine } from './ocr';
export { inspectPdf, type PdfInspection, type PdfProblem } from './inspect';
export { DEFAULT_READ_LIMITS, type ReadLimits } from './read-limits';
export { prepareAssignment, type PrepareArgs } from './prepare';
export { analyseAnswer, type AnalyseOptions, type AnswerAnalysis } from './analyse';
export {
  DEFAULT_MATHS_SETTINGS,
  type MathsFinding,
  type MathsSettings,
  type MathsTarget,
  type MathsVerdict,
} from './maths/types';
export {
  combineScores,
  scoreClass,
  scoreQuestion,
  type AnalysedAnswer,
  type AnswerMeta,
  type AnswerScore,
  type QuestionScoring,
} from './score-class';
export {
  ACCEPTED_BY_TEACHER,
  gradeAnswers,
  resultOf,
  unreadableResult,
  type AnswerInput,
  type GradeOptions,
} from './grade';
export { gradeBatch, readBatch, type BatchArgs } from './batch';
export {
  finalNumberOf,
  groupAnswers,
  groupScoring,
  GROUPING,
  type AnswerGroup,
  type GroupFlag,
  type GroupItem,
} from './groups';
export { suggestAmong, suggestFrom, suggestToMark } from './suggest-answers';
export { rubricKeyPoint } from './key-points';
export {
  keyPointName,
  privateMathsMessage,
  questionFeedback,
  type FeedbackQuestion,
  type PointLabel,
} from './explain';
export type {
  AnswerResult,
  DocumentInput,
  ExtractedDocument,
  ExtractedPage,
  KeyPoint,
  OcrEngine,
  PointEvidence,
  PreparedAssignment,
  PreparedQuestion,
  QuestionResult,
  TeacherMark,
  UnreadableReason,
} from './types';
export { pageLayouts, type PageLayout } from './page-layout';
export {
  marksOnPages,
  type Highlight,
  type QuestionOnPage,
  type QuestionStart,
} from './page-marks';
export { boxInUserSpace, shownSize, toUserSpace, type Box, type PageFrame } from './page-geometry';
