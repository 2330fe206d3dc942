import { DEFAULT_DIAGRAM_SHARE } from '../shared/limits';
import { keyPoints, rubricKeyPoint } from './key-points';
import { segment, statedMarks, stripMarkNotes, stripMarks, type Segment } from './segment';
import { DEFAULT_MATHS_SETTINGS, type MathsSettings } from './maths/types';
import type { ExtractedDocument, PreparedAssignment, PreparedQuestion } from './types';

/**
 * A line of a model answer that gives another right answer: "Also accept: …", "Accept: …",
 * "Or: …", "Alternatively: …", "Alternative answer: …".
 */
const ACCEPT_LINE =
  /^[ \t]*(?:also\s+accept|accept(?:ed)?(?:\s+also)?|or|alternatively|alternative(?:\s+answer)?)\s*:\s*(.+)$/gim;

/** A question's model answer split into its main answer and the other answers it accepts. */
export function splitAccepted(text: string): { main: string; accepted: string[] } {
  const accepted = [...text.matchAll(ACCEPT_LINE)].map((m) => m[1]!.trim()).filter(Boolean);
  return { main: text.replace(ACCEPT_LINE, '').trim(), accepted };
}

/** One question's model text read into its main answer, key points and accepted answers. */
export function questionOf(
  number: string,
  total: number,
  questionText: string,
  model: string,
  extraAccepted: string[] = [],
): PreparedQuestion {
  const { main, accepted } = splitAccepted(model);
  const others = [
    ...accepted.map((text) => ({ text, keyPoints: keyPoints(text, questionText) })),
    ...extraAccepted.map((text) => ({
      text,
      keyPoints: keyPoints(text, questionText),
      fromClass: true,
    })),
  ];
  return {
    number,
    total,
    questionText,
    modelText: main,
    keyPoints: keyPoints(main, questionText),
    ...(others.length ? { accepted: others } : {}),
  };
}

/** Arguments of prepareAssignment: the teacher's documents and settings for one assignment. */
export type PrepareArgs = {
  modelAnswer: ExtractedDocument;
  questionPaper?: ExtractedDocument;
  totalMarks: number;
  diagramKeywords?: string[];
  diagramShare?: number;
  /**
   * The teacher's rubric items by question number: each item replaces the model answer's key
   * points for that question, with its accepted alternatives (see rubricKeyPoint).
   */
  rubric?: Record<string, Array<{ text: string; alternatives: string[] }>>;
  /**
   * Answers the teacher accepted as right, by question number ("accept answers like this" on the
   * review screen): each is read like an "Also accept:" line of the model answer.
   */
  accepted?: Record<string, string[]>;
  /** How each question's numbers are marked, by question number (tolerance, wrong-unit share). */
  maths?: Record<string, Partial<MathsSettings>>;
};

/**
 * The questions with the teacher's settings: her rubric items as their key points where she set
 * any, and how each question's numbers are marked.
 */
function withTeacherSettings(questions: PreparedQuestion[], args: PrepareArgs): PreparedQuestion[] {
  return questions.map((q) => {
    const items = args.rubric?.[q.number];
    const maths = args.maths?.[q.number];
    return {
      ...q,
      ...(items?.length ? { keyPoints: items.map((i) => rubricKeyPoint(i, q.questionText)) } : {}),
      ...(maths ? { maths: { ...DEFAULT_MATHS_SETTINGS, ...maths } } : {}),
    };
  });
}

function textOf(doc: ExtractedDocument | undefined): string {
  return doc?.status === 'ok' ? doc.text : '';
}

/** Shares the total among questions: stated marks when the paper gives them, evenly otherwise. */
function shareMarks(stated: (number | null)[], total: number): number[] {
  const known = stated.filter((m): m is number => m !== null && m > 0);
  if (known.length === stated.length) {
    const sum = known.reduce((a, b) => a + b, 0);
    return stated.map((m) => ((m as number) * total) / sum);
  }
  const knownSum = known.reduce((a, b) => a + b, 0);
  const rest = stated.length - known.length;
  if (!known.length || knownSum >= total) return stated.map(() => total / stated.length);
  return stated.map((m) => (m !== null && m > 0 ? m : (total - knownSum) / rest));
}

/** Pairs question-paper parts with model-answer parts by number. */
function align(paper: Segment[] | null, model: Segment[] | null, paperText: string) {
  if (paper && model)
    return paper.map((p) => ({
      number: p.number,
      question: p.text,
      model: model.find((m) => m.number === p.number)?.text ?? '',
    }));
  // A numbered model answer with an unnumbered question paper is one question whose answer lists points.
  if (model && !paperText)
    return model.map((m) => ({ number: m.number, question: '', model: m.text }));
  return null;
}

/**
 * Reads an assignment's model answer (and question paper) into questions with their marks and
 * key points. Throws when the model answer could not be read: nothing can be graded without it.
 */
export function prepareAssignment(args: PrepareArgs): PreparedAssignment {
  if (args.modelAnswer.status !== 'ok')
    throw new Error(`The model answer could not be read: ${args.modelAnswer.message}`);
  if (!(args.totalMarks > 0)) throw new Error('Total marks must be a positive number.');
  const modelText = stripMarkNotes(textOf(args.modelAnswer));
  const paperText = textOf(args.questionPaper);
  const parts = align(paperText ? segment(paperText) : null, segment(modelText), paperText);
  const diagramKeywords = (args.diagramKeywords ?? []).map((k) => k.trim()).filter(Boolean);
  const diagramShare = diagramKeywords.length
    ? Math.min(1, Math.max(0, args.diagramShare ?? DEFAULT_DIAGRAM_SHARE))
    : 0;
  const base = { totalMarks: args.totalMarks, diagramKeywords, diagramShare };
  if (!parts) {
    const only = questionOf(
      '1',
      args.totalMarks,
      stripMarks(paperText),
      modelText,
      args.accepted?.['1'],
    );
    return { ...base, numbered: false, questions: withTeacherSettings([only], args) };
  }
  const marks = shareMarks(
    parts.map((p) => statedMarks(p.question)),
    args.totalMarks,
  );
  const questions = parts.map((p, i) =>
    questionOf(p.number, marks[i]!, stripMarks(p.question), p.model, args.accepted?.[p.number]),
  );
  return { ...base, numbered: true, questions: withTeacherSettings(questions, args) };
}
