import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AnswerResult } from '../../grading';
import type { Config } from '../config';
import { nowIso, type Db } from '../db/database';
import * as runs from '../modules/evaluations/evaluations.repository';
import type { FileStore } from '../storage/file-store';
import { SandboxCancelled, type SandboxPool } from '../sandbox/sandbox-pool';
import { readAnswers, readStoredDocument } from './read-answers';

/** What a worker needs to grade one run. */
export interface RunContext {
  db: Db;
  store: FileStore;
  log: FastifyBaseLogger;
  pool: SandboxPool;
  reading: Config['reading'];
  workerId: string;
  leaseMs: number;
  signal: AbortSignal;
  /** Called after each result this run writes (tests use it to stop a run part-way). */
  afterResult?: (runId: string) => Promise<void> | void;
}

/** Thrown when the run must stop: the server is closing, the run was cancelled, or it is gone. */
export class RunStopped extends Error {}

const MODEL_UNREADABLE =
  'The model answer could not be read, so nothing was graded. Upload a PDF with selectable text or a clear scan.';
const GRADING_OVER_LIMIT =
  'Grading this class ran over its time or memory limit. Start it again; answers already read are kept.';

/** How many answers a run suggests the teacher mark first. */
const SUGGESTED = 5;

const leaseUntil = (ctx: RunContext) => new Date(Date.now() + ctx.leaseMs).toISOString();

/**
 * Keeps the run's lease while it is graded: renews it on a heartbeat and with each progress
 * report, and aborts `stop` when the run is no longer this worker's (cancelled, deleted, taken).
 */
function holdLease(ctx: RunContext, runId: string, stop: AbortController) {
  let read: number | undefined;
  let chain: Promise<void> = Promise.resolve();
  let last = 0;
  const renew = () => {
    last = Date.now();
    const patch = read === undefined ? {} : { read };
    chain = chain
      .then(() => runs.renewLease(ctx.db.kysely, runId, ctx.workerId, leaseUntil(ctx), patch))
      .then((ours) => {
        if (!ours) stop.abort();
      })
      .catch((err: unknown) => ctx.log.warn({ err, runId }, 'could not renew a grading lease'));
  };
  const timer = setInterval(renew, Math.max(50, ctx.leaseMs / 3));
  return {
    progress(n: number) {
      read = n;
      if (Date.now() - last >= 500) renew();
    },
    async release() {
      clearInterval(timer);
      if (read !== undefined) renew();
      await chain;
    },
  };
}

/**
 * Grades one claimed run. Every file is read in a reader process under the reading limits (see
 * SandboxPool), several at a time and in turn with other runs; an answer over a limit is recorded
 * as unreadable with the reason and the run goes on. Readings are kept on the submission, so
 * nothing is read twice and an answer the teacher marked is never read. The class is then graded
 * as one batch, and each result is written in its own transaction with the run's counter; the
 * teacher's own marks are never replaced (they calibrate the others instead).
 */
export async function gradeRun(ctx: RunContext, runId: string): Promise<void> {
  const db = ctx.db.kysely;
  const run = await runs.findRun(db, runId);
  const assignment = run ? await runs.findAssignmentOfRun(db, run.assignment_id) : undefined;
  if (!run || !assignment) throw new RunStopped('the run or its assignment is gone');

  const stop = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stop.signal]);
  const owner = `run:${runId}`;
  const onAbort = () => ctx.pool.cancel(owner);
  signal.addEventListener('abort', onAbort, { once: true });
  const lease = holdLease(ctx, runId, stop);
  let outcome;
  let teacherOwned = new Set<string>();
  try {
    const read = (fileId: string | null) =>
      readStoredDocument(ctx, owner, fileId, ctx.reading.gradeTimeoutMs);
    const modelAnswer = await read(assignment.model_answer_file_id);
    if (modelAnswer.status !== 'ok') {
      await runs.endRun(db, runId, ctx.workerId, {
        status: 'failed',
        at: nowIso(),
        error: MODEL_UNREADABLE,
      });
      return;
    }
    const questionPaper = assignment.question_file_id
      ? await read(assignment.question_file_id)
      : null;
    const submissions = await runs.submissionsToGrade(db, assignment.id);
    const answers = await readAnswers(ctx, owner, submissions, signal, (n) => lease.progress(n));
    if (signal.aborted) throw new RunStopped('stopping');
    const teacherMarks = submissions
      .filter((s) => s.marks_source === 'teacher' && s.marks !== null)
      .map((s) => ({ id: s.id, marks: Number(s.marks) }));
    teacherOwned = new Set(teacherMarks.map((t) => t.id));
    outcome = await ctx.pool.run(
      {
        type: 'grade',
        input: {
          totalMarks: assignment.total_marks,
          diagramKeywords: assignment.diagram_keywords
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
          modelAnswer,
          questionPaper,
          answers,
          teacherMarks,
          suggest: SUGGESTED,
          rubric: await runs.rubricByQuestion(db, assignment.id),
        },
      },
      { lane: 'batch', owner, timeoutMs: 60_000 + 50 * answers.length },
    );
  } catch (err) {
    if (err instanceof SandboxCancelled) throw new RunStopped(err.message);
    throw err;
  } finally {
    signal.removeEventListener('abort', onAbort);
    await lease.release();
  }
  if (signal.aborted) throw new RunStopped('stopping');
  if (!outcome.ok) {
    await runs.endRun(db, runId, ctx.workerId, {
      status: 'failed',
      at: nowIso(),
      error: GRADING_OVER_LIMIT,
    });
    return;
  }
  if (outcome.value.status === 'model-unreadable') {
    await runs.endRun(db, runId, ctx.workerId, {
      status: 'failed',
      at: nowIso(),
      error: MODEL_UNREADABLE,
    });
    return;
  }
  await runs.keepSuggestions(db, runId, ctx.workerId, outcome.value.suggested);
  for (const result of outcome.value.results) {
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
    if (!counted) throw new RunStopped('the run was taken, cancelled or deleted');
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
