/**
 * Grades the dev papers with their adversarial answers mixed into the class, as the app grades an
 * assignment, and collects what the grading benchmark prints: per-question marks against the
 * human marks, the adversarial answers' marks and flags, and the error of flagged answers.
 */
import { gradeAnswers, type ExtractedDocument, type TeacherMark } from '../src/grading';
import { ADVERSARIAL_KINDS, adversarialAnswers, type AdversarialKind } from './adversarial';
import { sheet, type Paper } from './corpora';
import { pick, preparePaper } from './fit-model';

/** A paper's documents, however they were read (PDF or plain text). */
export type PaperDocs = {
  paper: ExtractedDocument;
  model: ExtractedDocument;
  students: ExtractedDocument[];
  adversarial: ExtractedDocument[];
};

/** Answer sheets of a paper: the class's, then the adversarial students' (one question each). */
export function sheetsOf(paper: Paper): { students: string[]; adversarial: string[] } {
  return {
    students: paper.students.map((s) => sheet(s.rows.map((r) => r?.answer ?? null))),
    adversarial: adversarialAnswers(paper).map((a) =>
      sheet(paper.questions.map((_, qi) => (qi === a.qi ? a.text : null))),
    ),
  };
}

/** Per adversarial kind: how many, their summed share of the marks, how many flagged, how many ≤ 30% or flagged. */
export type KindStats = { n: number; share: number; flagged: number; caught: number };

/** Everything collected over the papers. */
export type RunTotals = {
  pred: number[];
  gold: number[];
  /** Per real answer to a question: whether the engine flagged the answer, and why for this question. */
  flagged: boolean[];
  kinds: Map<AdversarialKind, KindStats>;
};

export function emptyTotals(): RunTotals {
  return {
    pred: [],
    gold: [],
    flagged: [],
    kinds: new Map(ADVERSARIAL_KINDS.map((k) => [k, { n: 0, share: 0, flagged: 0, caught: 0 }])),
  };
}

/**
 * Grades one paper: the class and the adversarial students in one batch. With `teacherMarked`
 * students, their per-question human marks calibrate the rest and only the others are scored.
 */
export function gradePaper(
  paper: Paper,
  docs: PaperDocs,
  totals: RunTotals,
  teacherMarked = 0,
  seed = 1,
): void {
  const prepared = preparePaper(paper, docs.model, docs.paper);
  const adv = adversarialAnswers(paper);
  const answers = [
    ...docs.students.map((document, i) => ({ id: `s${i}`, document })),
    ...docs.adversarial.map((document, k) => ({ id: `a${k}`, document })),
  ];
  const marked = teacherMarked
    ? pick(
        paper.students.length,
        teacherMarked,
        seed + Number(paper.assignment.replace(/\D/g, '')) * 97,
      )
    : new Set<number>();
  const teacherMarks: TeacherMark[] = [...marked].map((i) => {
    const rows = paper.students[i]!.rows;
    const questions = Object.fromEntries(
      rows.flatMap((r, qi) => (r ? [[String(qi + 1), r.share * 5]] : [])),
    );
    const marks = rows.reduce((s, r) => s + (r ? r.share * 5 : 0), 0);
    return { id: `s${i}`, marks, questions };
  });
  const results = gradeAnswers(prepared, answers, { teacherMarks });
  results.forEach((r, i) => {
    if (r.status !== 'graded') return;
    if (i < paper.students.length) {
      if (marked.has(i)) return;
      paper.students[i]!.rows.forEach((row, qi) => {
        if (!row) return;
        totals.pred.push(r.questions[qi]!.marks);
        totals.gold.push(row.share * 5);
        totals.flagged.push(r.needsReview);
      });
      return;
    }
    if (teacherMarked) return;
    const a = adv[i - paper.students.length]!;
    const q = r.questions[a.qi]!;
    const s = totals.kinds.get(a.kind)!;
    const share = q.marks / q.total;
    s.n++;
    s.share += share;
    if (r.needsReview) s.flagged++;
    if (share <= 0.3 || r.needsReview) s.caught++;
  });
}
