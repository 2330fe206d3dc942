import {
  analyseAnswer,
  combineScores,
  extractDocument,
  groupScoring,
  prepareAssignment,
  scoreQuestion,
  suggestAmong,
  suggestFrom,
  type AnalysedAnswer,
  type AnswerAnalysis,
  type AnswerMeta,
  type AnswerScore,
  type ExtractedDocument,
  type MathsSettings,
  type OcrEngine,
  type PreparedAssignment,
  type QuestionScoring,
  type ReadLimits,
  type TeacherMark,
} from '../../grading';

// The engine's steps as the grading jobs run them inside reader processes (see SandboxPool):
// prepare the assignment once, read each answer on its own, score the class once. Everything
// crossing the process boundary is plain data.

/** An assignment's papers and settings, read, with the teacher's rubric. */
export interface PrepareRunInput {
  totalMarks: number;
  diagramKeywords: string[];
  modelAnswer: ExtractedDocument;
  questionPaper: ExtractedDocument | null;
  /** The teacher's rubric items by question number: they replace the model answer's key points. */
  rubric?: Record<string, Array<{ text: string; alternatives: string[] }>>;
  /** Answers the teacher accepted as right, by question number: read like "Also accept:" lines. */
  accepted?: Record<string, string[]>;
  /** How the teacher marks each question's numbers (tolerance, wrong-unit share), by number. */
  maths?: Record<string, Partial<MathsSettings>>;
}

/** The prepared assignment, or null when the model answer cannot be read. */
export function prepareRun(input: PrepareRunInput): PreparedAssignment | null {
  if (input.modelAnswer.status !== 'ok' || input.totalMarks <= 0) return null;
  const prepared = prepareAssignment({
    modelAnswer: input.modelAnswer,
    questionPaper: input.questionPaper?.status === 'ok' ? input.questionPaper : undefined,
    totalMarks: input.totalMarks,
    diagramKeywords: input.diagramKeywords,
    rubric: input.rubric,
    accepted: input.accepted,
    maths: input.maths,
  });
  return prepared;
}

/** One answer to read: its file's bytes, or the reading kept from an earlier run. */
export interface ReadAnswerInput {
  prepared: PreparedAssignment;
  bytes: Uint8Array | null;
  kept: ExtractedDocument | null;
  limits: ReadLimits;
  /** The teacher's corrections of what was read, by question number: they replace its reading. */
  readings?: Record<string, string>;
}

/** The answer's reading (to keep) and the engine's analysis of it when it could be read. */
export type ReadAnswerOutput = { document: ExtractedDocument; analysis: AnswerAnalysis | null };

/** Reads one answer (unless a reading was kept) and analyses it against the assignment. */
export async function readAnswer(
  input: ReadAnswerInput,
  ocr: () => OcrEngine,
): Promise<ReadAnswerOutput> {
  const document =
    input.kept ??
    (input.bytes
      ? await extractDocument(
          { kind: 'pdf', bytes: input.bytes },
          { ocr: ocr(), limits: input.limits },
        )
      : {
          status: 'unreadable',
          reason: 'empty',
          message: 'The stored file is missing.',
          pages: [],
        });
  return {
    document,
    analysis:
      document.status === 'ok'
        ? analyseAnswer(input.prepared, document, { readings: input.readings })
        : null,
  };
}

/** The class of a run, read: every analysed answer and the teacher's marks. */
export interface ScoreQuestionsInput {
  prepared: PreparedAssignment;
  answers: AnalysedAnswer[];
  teacherMarks: TeacherMark[];
  /** The questions (indices) this task scores. */
  questions: number[];
}

/** The class-level step for some questions of a run (see scoreQuestion), in their order. */
export function scoreQuestions(input: ScoreQuestionsInput): QuestionScoring[] {
  return input.questions.map((qi) => {
    const scoring = scoreQuestion(input.prepared, qi, input.answers, input.teacherMarks);
    const texts = input.answers.map((a) => a.analysis.questions[qi]?.text ?? '');
    const question = input.prepared.questions[qi]!;
    return { ...scoring, groups: groupScoring(scoring, texts, question) };
  });
}

/** Every question's scoring, to combine into each answer's score and the answers to mark first. */
export interface CombineScoresInput {
  prepared: PreparedAssignment;
  answers: AnswerMeta[];
  scorings: QuestionScoring[];
  /** How many answers to suggest the teacher mark first, when the scorings had no teacher marks. */
  suggest: number | null;
}

/** Class-level scores in input order, and the answers to suggest (when asked). */
export type CombineScoresOutput = { scores: AnswerScore[]; suggested: string[] | null };

/** Each answer's score and confidence, and the "mark these first" choice. */
export function combineRun(input: CombineScoresInput): CombineScoresOutput {
  return {
    scores: combineScores(input.answers, input.scorings),
    suggested:
      input.suggest === null
        ? null
        : suggestFrom(
            input.prepared,
            input.answers.map((a) => a.id),
            input.scorings,
            input.suggest,
          ),
  };
}

/** Answers to suggest the teacher mark first among those the teacher has not marked. */
export function suggestRun(input: {
  prepared: PreparedAssignment;
  answers: AnalysedAnswer[];
  suggest: number;
}): string[] {
  return suggestAmong(input.prepared, input.answers, input.suggest);
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
  if (modelAnswer.status !== 'ok') return null;
  const paper = input.questionPaper ? await read(input.questionPaper) : null;
  const prepared = prepareRun({ ...input, modelAnswer, questionPaper: paper });
  return (
    prepared?.questions.map((q) => ({
      number: q.number,
      total: q.total,
      questionText: q.questionText,
      keyPoints: q.keyPoints.map((k) => k.phrase),
    })) ?? null
  );
}
