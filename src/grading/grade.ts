import { analyseAnswer, pointsOf, type AnswerAnalysis } from './analyse';
import { ACCEPTED_BY_TEACHER, feedback } from './explain';
import { roundMarks } from './model';
import { scoreClass, type AnswerScore, type QuestionScore } from './score-class';
import type { MathsFinding } from './maths/types';
import type {
  AnswerResult,
  ExtractedDocument,
  KeyPoint,
  PointEvidence,
  PreparedAssignment,
  PreparedQuestion,
  QuestionResult,
  TeacherMark,
} from './types';
import { round2 } from '../shared/marks-rounding';

/** One answer of the batch: the caller's id and the extracted document. */
export type AnswerInput = { id: string; document: ExtractedDocument };

/** Options of gradeAnswers: the teacher's own marks for some answers of the batch. */
export type GradeOptions = { teacherMarks?: TeacherMark[] };

export { ACCEPTED_BY_TEACHER };

/** The matched, contradicted and missing lists of an answer read against a teacher-accepted answer. */
function namedLists(matched: string[], against: string[], missing: string[]) {
  const some = (xs: string[]) => (xs.length ? [ACCEPTED_BY_TEACHER] : []);
  return {
    matched: some(matched),
    against: some(against),
    missing: missing.length
      ? [matched.length ? `the rest of ${ACCEPTED_BY_TEACHER}` : ACCEPTED_BY_TEACHER]
      : [],
  };
}

/**
 * The most a question's marks may be: its total, or, with a key point missing or contradicted,
 * the half mark below it. The rules cap such an answer short of full marks (verdict.ts), but
 * rounding to half marks could carry 3.75 of 4 back up to 4, beside feedback that asks for the
 * missing point.
 */
function ceilingOf(total: number, pointShort: boolean): number {
  const top = Math.floor(total * 2) / 2;
  return pointShort ? Math.max(0, Math.ceil(total * 2) / 2 - 0.5) : top;
}

/** Why the teacher's marks moved a question's marks, in the teacher's words. */
export function calibrationNote(
  question: string,
  answers: number,
  engineMarks: number,
  marks: number,
): string {
  const which = answers === 1 ? 'the answer' : `the ${answers} answers`;
  const way = marks < engineMarks ? 'lower' : 'higher';
  return (
    `Calibrated on your marks for question ${question}: you marked ${which} to it that count here ` +
    `${way} than Markwise did, so this answer moves from ${engineMarks} to ${marks} of the ` +
    `question's marks. Markwise's own reading of it gives ${engineMarks}.`
  );
}

/** Findings for an answer the teacher accepted from a student's work name it, never quote it. */
function namedFindings(findings: MathsFinding[]): MathsFinding[] {
  return findings.map((f) => ({ ...f, point: ACCEPTED_BY_TEACHER, expected: ACCEPTED_BY_TEACHER }));
}

function questionResult(
  q: PreparedQuestion,
  score: QuestionScore,
  read: AnswerAnalysis['questions'][number],
  keywords: AnswerAnalysis['keywords'],
  diagramShare: number,
): QuestionResult {
  const { share, hits, contradicted = [], ref, reasons, note } = score;
  const kwShare = keywords
    ? keywords.found.length / Math.max(1, keywords.found.length + keywords.missing.length)
    : 0;
  const textPart = keywords ? 1 - diagramShare : 1;
  // An answer that states nothing of the accepted answer it was read against, and contradicts
  // none of it, is told what the model answer asks for, not to "explain an answer your teacher
  // accepted" (which names none of it).
  const accepted = ref ? q.accepted?.[ref - 1] : undefined;
  const nothing = !hits.some(Boolean) && !contradicted.some(Boolean);
  const points = accepted && nothing ? q.keyPoints : pointsOf(q, ref);
  const phrases = {
    matched: points.filter((_, k) => hits[k]).map((k) => k.phrase),
    against: points.filter((_, k) => contradicted[k]).map((k) => k.phrase),
    missing: points.filter((_, k) => !hits[k] && !contradicted[k]).map((k) => k.phrase),
  };
  const fromClass = accepted?.fromClass === true && !nothing;
  const { matched, against, missing } = fromClass
    ? namedLists(phrases.matched, phrases.against, phrases.missing)
    : phrases;
  const maths = fromClass && read.maths ? namedFindings(read.maths) : read.maths;
  const evidence = evidenceOf(points, hits, contradicted, read.where, fromClass);
  const ceiling = ceilingOf(q.total, missing.length + against.length > 0);
  // A key point stated is worth something: neither rounding nor the teacher's marks on other
  // answers take the question to 0 beside feedback that says "You covered …".
  const floor = matched.length ? Math.min(0.5, ceiling) : 0;
  const marksOf = (s: number) =>
    Math.max(
      floor,
      Math.min(roundMarks(q.total * (s * textPart + kwShare * (1 - textPart)), q.total), ceiling),
    );
  const marks = marksOf(share);
  const engineMarks = score.engineShare === undefined ? marks : marksOf(score.engineShare);
  const result: QuestionResult = {
    number: q.number,
    marks,
    total: round2(q.total),
    matched,
    missing,
    ...(against.length ? { contradicted: against } : {}),
    ...(note ? { note } : {}),
    ...(reasons.length ? { reasons } : {}),
    ...(maths?.length ? { maths } : {}),
    ...(evidence.length ? { evidence } : {}),
    ...(engineMarks !== marks
      ? {
          calibration: {
            engineMarks,
            note: calibrationNote(q.number, score.calibratedOn ?? 0, engineMarks, marks),
          },
        }
      : {}),
  };
  return keywords
    ? { ...result, keywordsFound: keywords.found, keywordsMissing: keywords.missing }
    : result;
}

/**
 * The sentences that state each credited key point and contradict each flagged one, named as the
 * result's lists name them (an answer accepted from a student's work is never quoted).
 */
function evidenceOf(
  points: KeyPoint[],
  hits: boolean[],
  contradicted: boolean[],
  where: AnswerAnalysis['questions'][number]['where'],
  fromClass: boolean,
): PointEvidence[] {
  const out: PointEvidence[] = [];
  points.forEach((p, k) => {
    const w = where?.[k];
    const point = fromClass ? ACCEPTED_BY_TEACHER : p.phrase;
    if (hits[k] && w?.statedIn) out.push({ point, kind: 'stated', quote: w.statedIn });
    else if (contradicted[k] && w?.contradictedIn)
      out.push({ point, kind: 'contradicted', quote: w.contradictedIn });
  });
  return out;
}

/** A hard-to-read answer with fewer content words than this in a question is held (see resultOf). */
const HELD_STEMS = 2;

/**
 * One answer's result from its reading and the class-level verdict: marks per question (the
 * written answer's share, and the diagram keywords when the assignment has them), what it states
 * and misses, and feedback. Plain JSON; the last step of grading, done chunk by chunk.
 */
export function resultOf(
  prepared: PreparedAssignment,
  analysis: AnswerAnalysis,
  score: AnswerScore,
): AnswerResult {
  // A scan too hard to read where a question's answer came out saying (almost) nothing is held
  // for the teacher instead of being marked as an answer that states nothing.
  if (
    analysis.hardToRead &&
    analysis.questions.some(
      (q, qi) => q.stems.length < HELD_STEMS || score.questions[qi]!.reasons.includes('no-answer'),
    )
  ) {
    return {
      id: score.id,
      status: 'unreadable',
      reason: `${analysis.hardToRead} Not marked: your teacher will read the page and mark it.`,
      needsReview: true,
      total: prepared.totalMarks,
    };
  }
  const questions = prepared.questions.map((q, qi) =>
    questionResult(
      q,
      score.questions[qi]!,
      analysis.questions[qi]!,
      analysis.keywords,
      prepared.diagramShare,
    ),
  );
  return {
    id: score.id,
    status: 'graded',
    marks: questions.reduce((sum, q) => sum + q.marks, 0),
    total: prepared.totalMarks,
    confidence: score.confidence,
    needsReview: score.reasons.length > 0 || score.confidence < 0.6,
    reviewReasons: score.reasons,
    questions,
    feedback: feedback(questions, prepared.numbered),
  };
}

/** The result of an answer that could not be read. */
export function unreadableResult(
  prepared: PreparedAssignment,
  id: string,
  document: ExtractedDocument,
): AnswerResult {
  return {
    id,
    status: 'unreadable',
    reason: document.status === 'unreadable' ? document.message : 'The answer could not be read.',
    needsReview: true,
    total: prepared.totalMarks,
  };
}

/**
 * Grades a batch of answers to one assignment: each answer read on its own (analyseAnswer), the
 * class compared once (scoreClass: rarity of terms, similarity to the other answers, teacher
 * marks calibrating the rest), then each result built (resultOf). Deterministic; results come
 * back in input order and are plain JSON.
 */
export function gradeAnswers(
  prepared: PreparedAssignment,
  answers: AnswerInput[],
  opts: GradeOptions = {},
): AnswerResult[] {
  const analysed = answers.flatMap((a) =>
    a.document.status === 'ok' ? [{ id: a.id, analysis: analyseAnswer(prepared, a.document) }] : [],
  );
  const scores = scoreClass(prepared, analysed, opts.teacherMarks);
  const graded = new Map(
    analysed.map((a, i) => [a.id, resultOf(prepared, a.analysis, scores[i]!)] as const),
  );
  return answers.map((a) => graded.get(a.id) ?? unreadableResult(prepared, a.id, a.document));
}
