import type { Notifier } from '../notifications/notifications.service';
import { messages } from '../../../shared/messages';
import type { Db } from '../../db/database';
import { AppError, conflict } from '../../errors';
import type { SandboxPool } from '../../sandbox/sandbox-pool';
import type { FileStore } from '../../storage/file-store';
import type { UploadChecker } from '../../storage/verify';
import { readFileBytes } from '../files/files.service';
import type { AssignmentRow } from './assignments.repository';
import * as repo from './assignments.repository';

/** A question of the assignment as the engine found it in the papers. */
export interface StoredQuestion {
  number: string;
  total: number;
  questionText: string;
  keyPoints: string[];
}

/**
 * What the services that need the assignment's questions are given (marking, publishing,
 * regrades, the rubric): the database, the store, and the readers for the papers.
 */
export interface QuestionDeps {
  db: Db;
  store: FileStore;
  checker: UploadChecker;
  /** Emails students and teachers (marks published, regrades); none in some tests and tools. */
  notify?: Notifier;
}

type Stored = { total: number; questions: StoredQuestion[] };

const modelUnreadable = () =>
  conflict(
    'model_unreadable',
    'The model answer could not be read, so its questions are unknown. Upload a PDF with selectable text or a clear scan.',
  );

/**
 * The assignment's questions with their marks and key points, read once from the model answer
 * and question paper (in a reader process) and kept on the assignment; read again only when
 * the total marks change.
 */
export async function questionsOf(deps: QuestionDeps, assignment: AssignmentRow) {
  const kept = keptQuestions(assignment);
  if (kept) return kept;
  const db = deps.db.kysely;
  const modelAnswer = assignment.model_answer_file_id
    ? await readFileBytes(db, deps.store, assignment.model_answer_file_id)
    : null;
  if (!modelAnswer) throw modelUnreadable();
  const questionPaper = assignment.question_file_id
    ? await readFileBytes(db, deps.store, assignment.question_file_id)
    : null;
  const { pool, reading }: { pool: SandboxPool; reading: UploadChecker['reading'] } = deps.checker;
  const out = await pool.run(
    {
      type: 'prepare',
      input: {
        modelAnswer,
        questionPaper,
        totalMarks: assignment.total_marks,
        diagramKeywords: assignment.diagram_keywords
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
        limits: reading.limits,
      },
    },
    {
      lane: 'interactive',
      owner: `assignment:${assignment.id}`,
      timeoutMs: reading.gradeTimeoutMs,
    },
  );
  if (!out.ok || !out.value) throw modelUnreadable();
  const stored: Stored = { total: assignment.total_marks, questions: out.value };
  await repo.updateAssignment(db, assignment.id, { questions: JSON.stringify(stored) });
  assignment.questions = JSON.stringify(stored);
  return stored.questions;
}

/** The questions kept on the assignment, when they were read for its current total marks. */
export function keptQuestions(assignment: AssignmentRow): StoredQuestion[] | null {
  if (!assignment.questions) return null;
  const kept = JSON.parse(assignment.questions) as Stored;
  return kept.total === assignment.total_marks ? kept.questions : null;
}

/**
 * The assignment's questions, or none when its model answer cannot be read (then the AI's
 * questions stand).
 */
export async function questionsOrNone(deps: QuestionDeps, assignment: AssignmentRow) {
  try {
    return await questionsOf(deps, assignment);
  } catch {
    return [] as StoredQuestion[];
  }
}

/** One question of the assignment by number, or 404. */
export function findQuestion(questions: StoredQuestion[], number: string) {
  const q = questions.find((x) => x.number === number);
  if (!q) throw new AppError(404, 'unknown_question', messages.unknownQuestion);
  return q;
}
