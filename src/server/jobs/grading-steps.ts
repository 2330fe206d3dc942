import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Transaction } from 'kysely';
import {
  READER_VERSION,
  resultOf,
  unreadableResult,
  type AnswerAnalysis,
  type AnswerResult,
  type AnswerScore,
  type ExtractedDocument,
  type PreparedAssignment,
  type TeacherMark,
} from '../../grading';
import type { Config } from '../config';
import { nowIso, type Db } from '../db/database';
import type { Database, EvaluationItemTable } from '../db/schema';
import * as runs from '../modules/evaluations/evaluations.repository';
import * as items from '../modules/evaluations/run-items.repository';
import { readFileBytes } from '../modules/files/files.service';
import { readerLimitMessage } from '../sandbox/limit-message';
import { SandboxCancelled, type SandboxPool } from '../sandbox/sandbox-pool';
import type { FileStore } from '../storage/file-store';

/** What a worker needs to take any step of any run. */
export interface StepContext {
  db: Db;
  store: FileStore;
  log: FastifyBaseLogger;
  pool: SandboxPool;
  reading: Config['reading'];
  /** Answers per chunk. */
  chunkSize: number;
  /** Stops the step at once (the worker is closing, or the run was cancelled here). */
  signal: AbortSignal;
  /** Called after each result written (tests use it to stop a run part-way). */
  afterResult?: (runId: string) => Promise<void> | void;
}

/** Thrown when the run must stop: the worker is closing, or the run was cancelled or deleted. */
export class RunStopped extends Error {}

/** What every step of a run reads: the prepared assignment and the teacher's marks. */
type RunContextJson = { prepared: PreparedAssignment; teacherMarks: TeacherMark[] };

const MODEL_UNREADABLE =
  'The model answer could not be read, so nothing was graded. Upload a PDF with selectable text or a clear scan.';
const GRADING_OVER_LIMIT =
  'Grading this class ran over its time or memory limit. Start it again; answers already read are kept.';
const MISSING = 'The stored file is missing.';
/** How many answers a run suggests the teacher mark first. */
const SUGGESTED = 5;
/** Answers of one chunk read side by side (the reader pool shares its processes fairly). */
const READS_PER_CHUNK = 2;

const owner = (runId: string) => `run:${runId}`;

/** The run if it can still be worked on; throws RunStopped otherwise. */
async function activeRun(ctx: StepContext, runId: string) {
  if (ctx.signal.aborted) throw new RunStopped('stopping');
  const run = await runs.findRun(ctx.db.kysely, runId);
  if (!run || (run.status !== 'queued' && run.status !== 'running'))
    throw new RunStopped('the run was cancelled, ended or deleted');
  return run;
}

const contexts = new Map<string, RunContextJson>();

/** The run's stored context, parsed once per process. */
function contextOf(run: { id: string; context: string | null }): RunContextJson {
  let ctx = contexts.get(run.id);
  if (!ctx) {
    if (!run.context) throw new Error(`run ${run.id} has no context yet`);
    ctx = JSON.parse(run.context) as RunContextJson;
    if (contexts.size > 50) contexts.clear();
    contexts.set(run.id, ctx);
  }
  return ctx;
}

/** Runs a task in a reader process for this run; a cancelled run's tasks stop the step. */
async function inReader<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SandboxCancelled) throw new RunStopped(err.message);
    throw err;
  }
}

/** Reads one of the teacher's papers in a reader process; over a limit it is unreadable. */
async function readPaper(ctx: StepContext, runId: string, fileId: string | null) {
  const bytes = fileId ? await readFileBytes(ctx.db.kysely, ctx.store, fileId) : null;
  if (!bytes) return null;
  const out = await inReader(() =>
    ctx.pool.run(
      { type: 'extract', bytes, limits: ctx.reading.limits },
      { lane: 'batch', owner: owner(runId), timeoutMs: ctx.reading.gradeTimeoutMs },
    ),
  );
  return out.ok ? out.value : null;
}

/** Ends the run as failed with the teacher-facing reason. */
export async function failRun(ctx: Pick<StepContext, 'db'>, runId: string, error: string) {
  await runs.closeRun(ctx.db.kysely, runId, { status: 'failed', at: nowIso(), error });
  await items.deleteItems(ctx.db.kysely, runId);
}

/**
 * Step 1, once per run: reads the model answer and question paper, prepares the assignment with
 * the teacher's rubric, lists the answers in chunks and stores it all. `then` runs in the same
 * transaction when this call planned the run (the job queue sends the chunks' jobs there).
 * Returns the number of chunks, or null when the run was planned already or cannot be graded.
 */
export async function planRun(
  ctx: StepContext,
  runId: string,
  then?: (trx: Transaction<Database>, chunks: number) => Promise<void>,
): Promise<number | null> {
  const run = await activeRun(ctx, runId);
  if (run.stage !== 'plan') return null;
  const db = ctx.db.kysely;
  await runs.markStarted(db, runId, nowIso());
  const assignment = await runs.findAssignmentOfRun(db, run.assignment_id);
  if (!assignment) throw new RunStopped('the assignment is gone');
  const modelAnswer = await readPaper(ctx, runId, assignment.model_answer_file_id);
  const paper = assignment.question_file_id
    ? await readPaper(ctx, runId, assignment.question_file_id)
    : null;
  const rubric = await runs.rubricByQuestion(db, assignment.id);
  const prepared = modelAnswer
    ? await inReader(() =>
        ctx.pool.run(
          {
            type: 'prepare-run',
            input: {
              totalMarks: assignment.total_marks,
              diagramKeywords: assignment.diagram_keywords
                .split(',')
                .map((k) => k.trim())
                .filter(Boolean),
              modelAnswer,
              questionPaper: paper,
              rubric,
            },
          },
          { lane: 'batch', owner: owner(runId), timeoutMs: ctx.reading.gradeTimeoutMs },
        ),
      )
    : null;
  if (!prepared?.ok || !prepared.value) {
    await failRun(ctx, runId, MODEL_UNREADABLE);
    return null;
  }
  const submissions = await runs.submissionsToGrade(db, assignment.id);
  const teacherMarks: TeacherMark[] = [];
  const rows: Insertable<EvaluationItemTable>[] = [];
  let k = 0;
  for (const s of submissions) {
    const teacher = s.marks_source === 'teacher' && s.marks !== null;
    // The teacher's own marks calibrate the others when the answer was read before; an answer
    // the teacher marked is never read for this.
    if (teacher && !keptReading(s.reading)) continue;
    if (teacher) teacherMarks.push({ id: s.id, marks: Number(s.marks) });
    rows.push({
      run_id: runId,
      submission_id: s.id,
      chunk: Math.floor(k++ / ctx.chunkSize),
      calibrates: teacher ? 1 : 0,
    });
  }
  const chunks = Math.max(1, Math.ceil(k / ctx.chunkSize));
  const context: RunContextJson = { prepared: prepared.value, teacherMarks };
  const planned = await db.transaction().execute(async (trx) => {
    if (
      !(await items.advanceStage(trx, runId, 'plan', 'read', {
        context: JSON.stringify(context),
        chunks,
      }))
    )
      return false;
    await items.insertItems(trx, rows);
    await then?.(trx, chunks);
    return true;
  });
  return planned ? chunks : null;
}

/** A submission's kept reading, if it was made by this version of the reader. */
function keptReading(reading: string | null): ExtractedDocument | null {
  if (!reading) return null;
  const kept = JSON.parse(reading) as { v?: number; doc?: ExtractedDocument };
  return kept.v === READER_VERSION && kept.doc ? kept.doc : null;
}

/**
 * Step 2, per chunk: reads each answer not read yet (its kept reading, or its file in a reader
 * process under the reading limits) and analyses it against the assignment; stores the analysis
 * (or why it could not be read) once and counts it. Safe to run twice or side by side.
 * Returns true when this call read the run's last answer and moved the run on to scoring; `then`
 * runs in that transaction.
 */
export async function readChunk(
  ctx: StepContext,
  runId: string,
  chunk: number,
  then?: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  const run = await activeRun(ctx, runId);
  if (run.stage !== 'read') return false;
  const { prepared } = contextOf(run);
  const db = ctx.db.kysely;
  const todo = await items.itemsToRead(db, runId, chunk);
  let next = 0;
  const lane = async () => {
    while (next < todo.length) {
      const item = todo[next++]!;
      await activeRun(ctx, runId);
      const kept = keptReading(item.reading);
      const bytes = kept || !item.file_id ? null : await readFileBytes(db, ctx.store, item.file_id);
      const timeoutMs = ctx.reading.gradeTimeoutMs;
      const out = await inReader(() =>
        ctx.pool.run(
          { type: 'read-answer', input: { prepared, bytes, kept, limits: ctx.reading.limits } },
          { lane: 'batch', owner: owner(runId), timeoutMs },
        ),
      );
      if (!out.ok)
        ctx.log.warn(
          { submission: item.id, limit: out.limit },
          'an answer went over a reading limit',
        );
      const { document, analysis } = out.ok
        ? out.value
        : { document: null, analysis: null as AnswerAnalysis | null };
      if (document && !kept && bytes)
        await runs.keepReading(db, item.id, JSON.stringify({ v: READER_VERSION, doc: document }));
      const why = !out.ok
        ? readerLimitMessage(out.limit, timeoutMs, ctx.reading.memoryMb)
        : document?.status === 'unreadable'
          ? bytes || kept
            ? document.message
            : MISSING
          : null;
      await db
        .transaction()
        .execute((trx) =>
          items.storeReading(
            trx,
            runId,
            item.id,
            analysis ? { analysis: JSON.stringify(analysis) } : { unreadable: why ?? MISSING },
            item.calibrates === 0,
          ),
        );
    }
  };
  await Promise.all(Array.from({ length: READS_PER_CHUNK }, lane));
  if ((await items.countUnread(db, runId)) > 0) return false;
  return db.transaction().execute(async (trx) => {
    if (!(await items.advanceStage(trx, runId, 'read', 'score'))) return false;
    await then?.(trx);
    return true;
  });
}

/**
 * Step 3, once per run: the class-level step (see scoreClass) in a reader process, over every
 * analysed answer and the teacher's marks; stores each answer's score and the suggested answers,
 * and moves the run on to writing results. `then` runs in that transaction.
 */
export async function scoreRun(
  ctx: StepContext,
  runId: string,
  then?: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  const run = await activeRun(ctx, runId);
  if (run.stage !== 'score') return false;
  const { prepared, teacherMarks } = contextOf(run);
  const db = ctx.db.kysely;
  const answers = (await items.analysedItems(db, runId)).map((r) => ({
    id: r.id,
    analysis: JSON.parse(r.analysis!) as AnswerAnalysis,
  }));
  const out = await inReader(() =>
    ctx.pool.run(
      { type: 'score', input: { prepared, answers, teacherMarks, suggest: SUGGESTED } },
      { lane: 'batch', owner: owner(runId), timeoutMs: 60_000 + 20 * answers.length },
    ),
  );
  if (!out.ok) {
    await failRun(ctx, runId, GRADING_OVER_LIMIT);
    return false;
  }
  return db.transaction().execute(async (trx) => {
    if (
      !(await items.advanceStage(trx, runId, 'score', 'grade', {
        suggested: JSON.stringify(out.value.suggested),
      }))
    )
      return false;
    await items.storeScores(
      trx,
      runId,
      out.value.scores.map((s) => [s.id, JSON.stringify(s)]),
    );
    await then?.(trx);
    return true;
  });
}

/**
 * Step 4, per chunk: builds each answer's result from its analysis and score and writes it with
 * the run's counter and the audit entry, exactly once (see writeOne); marks appear in the grades
 * table chunk by chunk. Returns true when this call wrote the run's last result and finished it.
 */
export async function gradeChunk(ctx: StepContext, runId: string, chunk: number): Promise<boolean> {
  const run = await activeRun(ctx, runId);
  if (run.stage !== 'grade') return false;
  const { prepared } = contextOf(run);
  const db = ctx.db.kysely;
  for (const item of await items.itemsToWrite(db, runId, chunk)) {
    if (ctx.signal.aborted) throw new RunStopped('stopping');
    const result =
      item.analysis && item.score
        ? resultOf(
            prepared,
            JSON.parse(item.analysis) as AnswerAnalysis,
            JSON.parse(item.score) as AnswerScore,
          )
        : unreadableResult(prepared, item.id, {
            status: 'unreadable',
            reason: 'empty',
            message: item.unreadable ?? MISSING,
            pages: [],
          });
    if (await writeOne(ctx, runId, result)) await ctx.afterResult?.(runId);
  }
  if ((await items.countUnwritten(db, runId)) > 0) return false;
  const finished = await runs.closeRun(db, runId, { status: 'finished', at: nowIso() });
  if (finished) {
    await items.deleteItems(db, runId);
    contexts.delete(runId);
  }
  return finished;
}

/**
 * One result, the run's counter and its audit entry in one transaction, exactly once however
 * many workers try (the item is marked written in the same transaction). Stops the run when it
 * is no longer running. False when the result was written already.
 */
async function writeOne(ctx: StepContext, runId: string, result: AnswerResult): Promise<boolean> {
  const at = nowIso();
  const graded = result.status === 'graded';
  return ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await items.markWritten(trx, runId, result.id, at))) return false;
    const change = await runs.writeResult(trx, runId, result.id, {
      aiMarks: graded ? result.marks : null,
      status: result.status,
      json: JSON.stringify(result),
      needsReview: result.needsReview,
      at,
    });
    if (!(await runs.countResult(trx, runId, graded ? 'done' : 'failed')))
      throw new RunStopped('the run was cancelled or deleted');
    if (change && !change.teacherOwned && change.from !== change.to) {
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
