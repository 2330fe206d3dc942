import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AnswerResult } from '../../grading';
import { nowIso, type Db } from '../db/database';
import * as runs from '../modules/evaluations/evaluations.repository';
import { readFileBytes } from '../modules/files/files.service';
import type { FileStore } from '../storage/file-store';
import { GradingAborted, gradeInThread } from './grading-thread';

/** What a worker needs to grade one run. */
export interface RunContext {
  db: Db;
  store: FileStore;
  log: FastifyBaseLogger;
  workerId: string;
  leaseMs: number;
  signal: AbortSignal;
  /** Called after each result this run writes (tests use it to stop a run part-way). */
  afterResult?: (runId: string) => Promise<void> | void;
}

/** Thrown when the run must stop: the server is closing, or the run or its assignment is gone. */
export class RunStopped extends Error {}

const MODEL_UNREADABLE =
  'The model answer could not be read, so nothing was graded. Upload a PDF with selectable text or a clear scan.';

const leaseUntil = (ctx: RunContext) => new Date(Date.now() + ctx.leaseMs).toISOString();

async function keepLease(ctx: RunContext, runId: string, patch: { read?: number } = {}) {
  if (ctx.signal.aborted) throw new RunStopped('stopping');
  if (!(await runs.renewLease(ctx.db.kysely, runId, ctx.workerId, leaseUntil(ctx), patch))) {
    throw new RunStopped('the run was taken or deleted');
  }
}

/**
 * Grades one claimed run. The bytes of the model answer, question paper and every answer are
 * read here; reading their text and grading them as one batch happens in a worker thread.
 * Each result is then written in its own transaction together with the run's counter; a result
 * this run already wrote (before a restart) is not written again, and the teacher's own marks
 * are never replaced (they calibrate the others instead).
 */
export async function gradeRun(ctx: RunContext, runId: string): Promise<void> {
  const db = ctx.db.kysely;
  const run = await runs.findRun(db, runId);
  const assignment = run
    ? await db
        .selectFrom('assignment')
        .selectAll()
        .where('id', '=', run.assignment_id)
        .executeTakeFirst()
    : undefined;
  if (!run || !assignment) throw new RunStopped('the run or its assignment is gone');

  const bytes = (fileId: string | null) =>
    fileId ? readFileBytes(db, ctx.store, fileId) : Promise.resolve(null);
  const submissions = await runs.submissionsToGrade(db, assignment.id);
  const answers = [];
  for (const s of submissions) answers.push({ id: s.id, pdf: await bytes(s.file_id) });
  const teacherMarks = submissions
    .filter((s) => s.marks_source === 'teacher' && s.marks !== null)
    .map((s) => ({ id: s.id, marks: Number(s.marks) }));

  let renewing: Promise<void> = Promise.resolve();
  let lastRenew = 0;
  const stop = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stop.signal]);
  const outcome = await gradeInThread(
    {
      totalMarks: assignment.total_marks,
      diagramKeywords: assignment.diagram_keywords
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      modelAnswer: await bytes(assignment.model_answer_file_id),
      questionPaper: await bytes(assignment.question_file_id),
      answers,
      teacherMarks,
    },
    {
      signal,
      onRead(read) {
        if (Date.now() - lastRenew < 500 && read < answers.length) return;
        lastRenew = Date.now();
        renewing = renewing
          .then(() => keepLease(ctx, runId, { read: Math.min(read, run.total) }))
          .catch(() => stop.abort());
      },
    },
  ).catch((err: unknown) => {
    if (err instanceof GradingAborted) throw new RunStopped(err.message);
    throw err;
  });
  await renewing;
  if (stop.signal.aborted) throw new RunStopped('the run was taken or deleted');

  if (outcome.status === 'model-unreadable') {
    await runs.endRun(db, runId, ctx.workerId, {
      status: 'failed',
      at: nowIso(),
      error: MODEL_UNREADABLE,
    });
    return;
  }
  const teacherOwned = new Set(teacherMarks.map((t) => t.id));
  for (const result of outcome.results) {
    if (teacherOwned.has(result.id)) continue;
    if (ctx.signal.aborted) throw new RunStopped('stopping');
    if (await writeOne(ctx, runId, result)) await ctx.afterResult?.(runId);
  }
  await runs.endRun(db, runId, ctx.workerId, { status: 'finished', at: nowIso() });
}

/**
 * One result and the run's counter in one transaction; stops the run if it is no longer ours.
 * False when this run had written the result already (before a restart).
 */
async function writeOne(ctx: RunContext, runId: string, result: AnswerResult): Promise<boolean> {
  const at = nowIso();
  const graded = result.status === 'graded';
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const change = await runs.writeResult(trx, runId, result.id, {
      aiMarks: graded ? result.marks : null,
      status: result.status,
      json: JSON.stringify(result),
      needsReview: result.needsReview,
      at,
    });
    if (!change) return false;
    const counted = await runs.countResult(
      trx,
      runId,
      ctx.workerId,
      graded ? 'done' : 'failed',
      leaseUntil(ctx),
    );
    if (!counted) throw new RunStopped('the run was taken or deleted');
    if (!change.teacherOwned && change.from !== change.to) {
      await runs.insertMarkChange(trx, {
        id: crypto.randomUUID(),
        submission_id: result.id,
        changed_by: null,
        from_marks: change.from,
        to_marks: change.to,
        source: 'ai',
        created_at: at,
      });
    }
    return true;
  });
}
