import { anonymityOf, shuffled } from '../marks/anonymity.service';
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { EvaluationRun, RunChange } from '../../../shared/evaluations';
import { messages } from '../../../shared/messages';
import { nowIso } from '../../db/database';
import { isUniqueViolation } from '../../db/constraint-errors';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';
import type { AssignmentRow } from '../assignments/assignments.service';
import { lateMarkOf } from '../assignments/late-work.service';
import { canUndoRun, undoRun } from '../marks/ai-results.service';
import * as repo from './evaluations.repository';
import * as items from './run-items.repository';
import type { RegradeRequest } from '../../../shared/review';
import {
  keptQuestions,
  questionsOrNone,
  type QuestionDeps,
  type StoredQuestion,
} from '../assignments/questions.service';
import { classMarks, type MarksState } from '../marks/marking.service';
import { regradeRequests } from '../regrades/regrades.service';
import type { GradeLine, GradeQuestion } from './grades-csv';

/** Presents a run row as the API's run (`canUndo` when the caller checked it may be undone). */
export function toRun(r: repo.RunRow, canUndo = false): EvaluationRun {
  return {
    id: r.id,
    status: r.status,
    total: Number(r.total),
    read: Number(r.read),
    done: Number(r.done),
    failed: Number(r.failed),
    error: r.error,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    suggested: r.suggested ? (JSON.parse(r.suggested) as string[]) : [],
    changes: r.preview ? (JSON.parse(r.preview) as RunChange[]) : [],
    undoneAt: r.undone_at,
    canUndo,
    submissionId: r.submission_id,
  };
}

/** Hands a newly queued run to the grading queue, inside the transaction that inserts it. */
export type QueueRun = (runId: string, trx: Transaction<Database>) => Promise<void> | void;

/**
 * "Evaluate Now": queues a run over every submission without the teacher's own marks and
 * returns it at once; while one is queued or running, a second call joins it. The partial unique
 * index settles two clicks at the same moment.
 */
export async function startEvaluation(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  queued: QueueRun,
): Promise<{ run: EvaluationRun; created: boolean }> {
  const active = await repo.findActiveRun(db, assignment.id);
  if (active) return { run: toRun(active), created: false };
  // A run still waiting for confirmation was computed from the marks as they were: a new run
  // replaces it.
  const waiting = await repo.findAwaitingRun(db, assignment.id);
  if (waiting) await discard(db, waiting.id);
  if (assignment.total_marks <= 0) throw conflict('nothing_to_grade', messages.zeroTotalMarks);
  const total = await repo.countGradable(db, assignment.id);
  if (total === 0) {
    const any = await repo.hasSubmissions(db, assignment.id);
    throw conflict(
      'nothing_to_grade',
      any ? messages.allMarkedByTeacher : messages.nothingToEvaluate,
    );
  }
  const id = crypto.randomUUID();
  try {
    // The run and its first job are one transaction: no run without its job, no job without its run.
    await db.transaction().execute(async (trx) => {
      await repo.insertRun(trx, {
        id,
        assignment_id: assignment.id,
        status: 'queued',
        total,
        created_at: nowIso(),
      });
      await queued(id, trx);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const other = await repo.findActiveRun(db, assignment.id);
    if (other) return { run: toRun(other), created: false };
    throw err;
  }
  return { run: toRun((await repo.findRun(db, id))!), created: true };
}

/**
 * Regrades one answer after the teacher corrected what the engine read in it: a run that reads
 * the class again for its class-level weights (from the readings kept, nothing new is read but
 * this answer) and writes only this answer, without waiting for confirmation: the teacher asked
 * for it. `before` runs first in the transaction that queues the run (the correction itself), so
 * neither is kept without the other. 409 while another run is working or waiting for the
 * teacher to confirm its changes (`busy` and `awaiting` say why, in the teacher's words).
 */
export async function startAnswerRegrade(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  submissionId: string,
  queued: QueueRun,
  opts: {
    before: (trx: Transaction<Database>) => Promise<void>;
    busy: string;
    awaiting: string;
  },
): Promise<EvaluationRun> {
  if (await repo.findActiveRun(db, assignment.id)) throw conflict('evaluation_running', opts.busy);
  if (await repo.findAwaitingRun(db, assignment.id))
    throw conflict('evaluation_awaiting_confirmation', opts.awaiting);
  const id = crypto.randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      await opts.before(trx);
      await repo.insertRun(trx, {
        id,
        assignment_id: assignment.id,
        status: 'queued',
        total: 1,
        created_at: nowIso(),
        submission_id: submissionId,
      });
      await queued(id, trx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('evaluation_running', opts.busy);
    throw err;
  }
  return toRun((await repo.findRun(db, id))!);
}

/**
 * Stops the assignment's queued or running run: it ends as cancelled, answers graded before keep
 * their marks, and the worker holding it stops (at once in this process, at its next lease
 * renewal in another). 409 when nothing is running.
 */
export async function cancelEvaluation(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  stopGrading: (assignmentId: string) => void,
): Promise<EvaluationRun> {
  const waiting = await repo.findAwaitingRun(db, assignment.id);
  if (waiting && (await discard(db, waiting.id)))
    return toRun((await repo.findRun(db, waiting.id))!);
  const run = await repo.cancelActiveRun(db, assignment.id, nowIso());
  if (!run) throw conflict('no_active_evaluation', messages.noEvaluationToCancel);
  stopGrading(assignment.id);
  await items.deleteItems(db, run.id);
  return toRun(run);
}

/** Ends a run waiting for confirmation: nothing it computed is written. */
async function discard(db: Kysely<Database>, runId: string) {
  const discarded = await repo.discardRun(db, runId, nowIso());
  if (discarded) await items.deleteItems(db, runId);
  return discarded;
}

/**
 * The run "Undo" would undo: the newest finished run, unless it was undone already or kept
 * nothing, or another run is working or waiting for confirmation.
 */
async function undoTarget(db: Kysely<Database>, assignmentId: string) {
  if (await repo.findActiveRun(db, assignmentId)) return null;
  if (await repo.findAwaitingRun(db, assignmentId)) return null;
  const r = await repo.findLatestRun(db, assignmentId, 'finished');
  return r && r.undone_at === null && (await canUndoRun(db, r.id)) ? r : null;
}

/** The assignment's newest run, or null; `canUndo` says whether the last finished run can be undone. */
export async function latestRun(db: Kysely<Database>, assignment: AssignmentRow) {
  const r = await repo.findLatestRun(db, assignment.id);
  return r ? toRun(r, (await undoTarget(db, assignment.id)) !== null) : null;
}

/**
 * The teacher applies the changes a run waits with: it goes on to write its results (the
 * teacher's own marks are never overwritten). 409 when no run is waiting.
 */
export async function confirmEvaluation(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  resume: QueueRun,
): Promise<EvaluationRun> {
  const waiting = await repo.findAwaitingRun(db, assignment.id);
  if (!waiting) throw conflict('nothing_to_confirm', messages.nothingToConfirm);
  const confirmed = await db.transaction().execute(async (trx) => {
    if (!(await repo.confirmRun(trx, waiting.id))) return false;
    await resume(waiting.id, trx);
    return true;
  });
  if (!confirmed) throw conflict('nothing_to_confirm', messages.nothingToConfirm);
  return toRun((await repo.findRun(db, waiting.id))!);
}

/**
 * Undoes the newest finished run: every answer it wrote gets back the marks and explanation it had
 * before (the teacher's own marks stay hers), and the run says it was undone. 409 when the
 * newest run is not finished, was undone already, or changed nothing.
 */
export async function undoEvaluation(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  teacherId: string,
): Promise<EvaluationRun> {
  const latest = await undoTarget(db, assignment.id);
  if (!latest) throw conflict('nothing_to_undo', messages.nothingToUndo);
  const at = nowIso();
  const done = await db.transaction().execute(async (trx) => {
    // Checked again inside: a run started or confirmed meanwhile makes this one no longer the last.
    if ((await undoTarget(trx, assignment.id))?.id !== latest.id) return false;
    if (!(await repo.markUndone(trx, latest.id, at))) return false;
    await undoRun(trx, latest.id, teacherId, at, keptQuestions(assignment) ?? []);
    return true;
  });
  if (!done) throw conflict('nothing_to_undo', messages.nothingToUndo);
  return toRun((await repo.findRun(db, latest.id))!);
}

/** The Email cell of every line while names are hidden. */
export const ANONYMOUS_EMAIL = '(hidden: anonymous marking until the marks are published)';

/**
 * The grades export of an assignment: one line per joined student with the marks that stand,
 * per question and in total, the teacher's comments and the student's regrade requests; and
 * the questions, in order, that its columns follow.
 */
export async function gradeLines(
  deps: QuestionDeps,
  assignment: AssignmentRow,
): Promise<{ questions: GradeQuestion[]; lines: GradeLine[]; anonymous: boolean }> {
  const db = deps.db.kysely;
  const stored = await questionsOrNone(deps, assignment);
  const [rows, marks, requests] = await Promise.all([
    repo.gradeRows(db, assignment.id),
    classMarks(db, assignment, stored),
    regradeRequests(db, assignment, {}),
  ]);
  const questions = exportQuestions(stored, [...marks.values()]);
  // Marking anonymously: pseudonyms in the shuffled order, and no address.
  const anon = await anonymityOf(db, assignment);
  const ordered = anon ? shuffled(rows, anon, (r) => r.student_id) : rows;
  const lines = ordered.map((r): GradeLine => {
    const state = r.submission_id === null ? undefined : marks.get(r.submission_id);
    return {
      studentName: anon ? anon.pseudonymOf(r.student_id) : r.name,
      email: anon ? ANONYMOUS_EMAIL : r.email,
      submittedAt: r.submitted_at,
      marks: r.marks === null ? null : Number(r.marks),
      late:
        r.late_seconds === null
          ? null
          : lateMarkOf(assignment, r.late_seconds, r.marks === null ? null : Number(r.marks)),
      source: r.submission_id === null ? 'not submitted' : r.marks_source,
      total: assignment.total_marks,
      questions: questions.map((q) => {
        const found = state?.questions.find((s) => s.number === q.number);
        return { marks: found?.marks ?? null, comment: found?.comment ?? null };
      }),
      comment: r.comment,
      regrades: regradesInWords(requests.filter((x) => x.submissionId === r.submission_id)),
    };
  });
  return { questions, lines, anonymous: anon !== null };
}

/** The papers' questions, or failing those every question the AI found, in order of first sight. */
function exportQuestions(stored: StoredQuestion[], states: MarksState[]): GradeQuestion[] {
  if (stored.length) return stored.map((q) => ({ number: q.number, total: q.total }));
  const found = new Map<string, number>();
  for (const s of states)
    for (const q of s.questions) if (!found.has(q.number)) found.set(q.number, q.total);
  return [...found].map(([number, total]) => ({ number, total }));
}

/** "Q2 open; Q1 answered, 2 → 3" (or "…answered, marks kept"): a student's requests in words. */
function regradesInWords(requests: RegradeRequest[]): string {
  return requests
    .map((r) => {
      if (r.status === 'open') return `Q${r.question} open`;
      const moved = r.toMarks !== null && r.toMarks !== r.fromMarks;
      return `Q${r.question} answered, ${moved ? `${r.fromMarks ?? '–'} → ${r.toMarks}` : 'marks kept'}`;
    })
    .join('; ');
}
