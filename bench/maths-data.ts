/**
 * The labelled mathematics set of issue 25 (`bench/data/maths/`): textbook-style questions in
 * kinematics, circuits, chemistry amounts and algebra, each with its model answer as a teacher
 * writes it and students' answers labelled with their variant and the share a teacher gives.
 * Read by `npm run bench:maths` and checked by `maths-data.test.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractedDocument, MathsSettings } from '../src/grading';
import { prepareAssignment } from '../src/grading/prepare';

/** How a student's answer stands against the model answer, as the teacher labelled it. */
export const VARIANTS = [
  'right',
  'equivalent',
  'carried-error',
  'wrong-unit',
  'wrong-sign',
  'wrong-magnitude',
  'wrong-value',
  'right-number-wrong-working',
] as const;
export type Variant = (typeof VARIANTS)[number];

/** One student's answer sheet to a question, with the teacher's label. */
export type MathsAnswer = {
  id: string;
  variant: Variant;
  /**
   * The part the label is about ("a", "b"…); absent when it is about the whole question. The sheet
   * answers every part, as a student's does.
   */
  part?: string;
  /** Share of the part's (or the question's) marks the teacher gives, 0..1. */
  share: number;
  /** The sheet line by line, as the student wrote it. */
  text: string[];
};

/** One question: its paper, its model answer and the class's answers. */
export type MathsQuestion = {
  id: string;
  topic: string;
  marks: number;
  /** The question numbers prepareAssignment must find: ["1"] for one part, ["a", "b"] for parts. */
  parts: string[];
  /** The teacher's settings for every part of the question (tolerance, wrong-unit share). */
  settings?: Partial<MathsSettings>;
  question: string[];
  model: string[];
  answers: MathsAnswer[];
};

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'maths');

type TopicFile = { topic: string; questions: Omit<MathsQuestion, 'topic'>[] };

/** Every question of the set, topic by topic in file-name order, so runs are reproducible. */
export function loadMathsSet(dir = DATA_DIR): MathsQuestion[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      const file = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as TopicFile;
      return file.questions.map((q) => ({ ...q, topic: file.topic }));
    });
}

/** Lines as one page of text. */
export const pageText = (lines: string[]): string => lines.join('\n');

/** The `maths` argument of prepareAssignment: the question's settings on each of its parts. */
export function mathsArg(q: MathsQuestion): Record<string, Partial<MathsSettings>> | undefined {
  const settings = q.settings;
  if (!settings) return undefined;
  return Object.fromEntries(q.parts.map((p) => [p, settings]));
}

/** A plain-text document, read as the engine reads a PDF's text layer. */
export function textDocument(lines: string[]): ExtractedDocument {
  const text = pageText(lines);
  const page = { number: 1, text, source: 'text' as const, ocrConfidence: null, imageText: '' };
  return { status: 'ok', text, pages: [{ ...page, hasImages: false }], ocrConfidence: null };
}

/** The question prepared as the app prepares an assignment: paper, model answer, marks, settings. */
export function prepareQuestion(
  q: MathsQuestion,
  paper: ExtractedDocument = textDocument(q.question),
  model: ExtractedDocument = textDocument(q.model),
) {
  return prepareAssignment({
    modelAnswer: model,
    questionPaper: paper,
    totalMarks: q.marks,
    maths: mathsArg(q),
  });
}
