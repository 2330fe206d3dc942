/**
 * Every human-marked corpus the engine is fitted and measured on, in one shape: papers of
 * questions, each with its model answer (and accepted alternatives), and a class whose answers
 * carry the human mark as a share of the question's marks.
 *
 * - Mohler et al. (2011), dev split (computer science, marks 0..5): each assignment is one
 *   numbered paper.
 * - SemEval-2013 Task 7 training data (Dzikovska et al. 2013; CC BY-SA 3.0): SciEntsBank (school
 *   science, 3-way labels) and Beetle (electric circuits, 5-way labels). Each question is a
 *   one-question assignment; its extra reference answers become "Also accept:" alternatives.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadDev, type DevQuestion } from './dev-data';

export const CORPORA = ['mohler', 'scientsbank', 'beetle'] as const;
export type Corpus = (typeof CORPORA)[number];

/** One human-marked answer: the text, the human's share of the marks (0..1) and label. */
export type MarkedAnswer = {
  answer: string;
  /** Share of the question's marks the humans gave (0..1). */
  share: number;
  /** The human label (SemEval) or the mark out of 5 as text (Mohler). */
  label: string;
  /** How many students gave this exact answer (Beetle stores identical answers once). */
  count: number;
};

/** A question of a corpus: its text, model answer (with alternatives) and the class's answers. */
export type CorpusQuestion = {
  corpus: Corpus;
  id: string;
  /** The group a question belongs to for leave-one-group-out: the assignment (Mohler) or itself. */
  assignment: string;
  question: string;
  /** The model answer as a teacher would write it: the best answer, then "Also accept: …" lines. */
  model: string;
  answers: MarkedAnswer[];
};

/** Where the SemEval training file sits: the shared data folder beside the repository. */
export const SEMEVAL_PATH = fileURLToPath(
  new URL('../../shared/data/semeval-train/train.jsonl', import.meta.url),
);

/**
 * Human label → share of the marks, as the data's README suggests: correct is full marks,
 * partially correct about half; SciEntsBank's "incorrect" also holds partly right answers, so it
 * keeps a little; contradictory, irrelevant and non-domain answers keep none.
 */
export const LABEL_SHARE: Record<string, number> = {
  correct: 1,
  partially_correct_incomplete: 0.5,
  incorrect: 0.15,
  contradictory: 0,
  irrelevant: 0,
  non_domain: 0,
};

type SemevalRow = {
  corpus: 'scientsbank' | 'beetle';
  question_id: string;
  question: string;
  model_answer: string;
  all_reference_answers: string[];
  reference_answer_categories: (string | null)[];
  answer: string;
  label: string;
  answer_count: number | null;
};

/**
 * The model answer a teacher would write from the corpus's references: the best one first, then
 * every other complete reference as an accepted alternative. Beetle's KEYWORD references are
 * fragments ("a gap"), not answers, and are left out.
 */
export function modelWithAlternatives(row: SemevalRow): string {
  const others = row.all_reference_answers.filter(
    (r, i) => r !== row.model_answer && row.reference_answer_categories[i] !== 'KEYWORD',
  );
  return [row.model_answer, ...others.map((r) => `Also accept: ${r}`)].join('\n');
}

/** SciEntsBank and Beetle questions, in file order. */
export function loadSemeval(path = SEMEVAL_PATH): CorpusQuestion[] {
  const byQuestion = new Map<string, CorpusQuestion>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as SemevalRow;
    const key = `${r.corpus}:${r.question_id}`;
    let q = byQuestion.get(key);
    if (!q) {
      q = {
        corpus: r.corpus,
        id: key,
        assignment: key,
        question: r.question,
        model: modelWithAlternatives(r),
        answers: [],
      };
      byQuestion.set(key, q);
    }
    const share = LABEL_SHARE[r.label];
    if (share === undefined) throw new Error(`unknown label ${r.label}`);
    q.answers.push({ answer: r.answer, share, label: r.label, count: r.answer_count ?? 1 });
  }
  return [...byQuestion.values()];
}

/** Mohler dev questions in the same shape (marks 0..5 as shares). */
export function mohlerQuestions(dev: DevQuestion[] = loadDev()): CorpusQuestion[] {
  return dev.map((q) => ({
    corpus: 'mohler',
    id: `mohler:${q.id}`,
    assignment: `mohler:${q.assignment}`,
    question: q.question,
    model: q.model,
    answers: q.rows.map((r) => ({
      answer: r.answer,
      share: r.score_avg / 5,
      label: String(r.score_avg),
      count: 1,
    })),
  }));
}

/** Every corpus's questions. */
export function allQuestions(): CorpusQuestion[] {
  return [...mohlerQuestions(), ...loadSemeval()];
}

/** A student's answers on a paper: one per question, null where she has none. */
export type PaperStudent = { id: string; rows: (MarkedAnswer | null)[] };

/** An assignment as the app would hold it: its questions, documents and a class answering them. */
export type Paper = {
  corpus: Corpus;
  assignment: string;
  questions: CorpusQuestion[];
  /** The question paper and the model answer as the teacher hands them in (numbered when several). */
  paperText: string;
  modelText: string;
  /** Student i answers each question with its i-th answer (none when the question has fewer). */
  students: PaperStudent[];
};

/** A numbered answer sheet: "1. …", "2. …"; a blank part keeps its number so the rest still count. */
export function sheet(parts: (string | null)[]): string {
  return parts.map((p, k) => `${k + 1}. ${p ?? ''}`).join('\n');
}

/**
 * Groups questions into their assignments' papers: a numbered paper when an assignment has several
 * questions (Mohler), a one-question assignment otherwise (SemEval), each with a class.
 */
export function papersOf(questions: CorpusQuestion[]): Paper[] {
  const byAssignment = new Map<string, CorpusQuestion[]>();
  for (const q of questions)
    byAssignment.set(q.assignment, [...(byAssignment.get(q.assignment) ?? []), q]);
  return [...byAssignment].map(([assignment, qs]) => {
    const size = Math.max(...qs.map((q) => q.answers.length));
    const one = qs.length === 1;
    return {
      corpus: qs[0]!.corpus,
      assignment,
      questions: qs,
      paperText: one ? qs[0]!.question : sheet(qs.map((q) => `${q.question} [5 marks]`)),
      modelText: one ? qs[0]!.model : sheet(qs.map((q) => q.model)),
      students: Array.from({ length: size }, (_, i) => ({
        id: `${assignment}-${i}`,
        rows: qs.map((q) => q.answers[i] ?? null),
      })),
    };
  });
}
