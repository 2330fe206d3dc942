import type { FastifyBaseLogger } from 'fastify';
import { type PreparedAssignment, type TeacherMark } from '../../grading';
import type { Config } from '../config';
import { nowIso, type Db } from '../db/database';
import * as runs from '../modules/evaluations/evaluations.repository';
import * as items from '../modules/evaluations/run-items.repository';
import { readFileBytes } from '../modules/files/files.service';
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
export type RunContextJson = { prepared: PreparedAssignment; teacherMarks: TeacherMark[] };

export const MODEL_UNREADABLE =
  'The model answer could not be read, so nothing was graded. Upload a PDF with selectable text or a clear scan.';
export const GRADING_OVER_LIMIT =
  'Grading this class ran over its time or memory limit. Start it again; answers already read are kept.';
export const MISSING = 'The stored file is missing.';
/** How many answers a run suggests the teacher mark first. */
export const SUGGESTED = 5;
/** Answers of one chunk read side by side (the reader pool shares its processes fairly). */
export const READS_PER_CHUNK = 2;

export const owner = (runId: string) => `run:${runId}`;

/** The run if it can still be worked on; throws RunStopped otherwise. */
export async function activeRun(ctx: StepContext, runId: string) {
  if (ctx.signal.aborted) throw new RunStopped('stopping');
  const run = await runs.findRun(ctx.db.kysely, runId);
  if (!run || (run.status !== 'queued' && run.status !== 'running'))
    throw new RunStopped('the run was cancelled, ended or deleted');
  return run;
}

/** The same check, reading only the run's status: between answers. */
export async function stillActive(ctx: StepContext, runId: string): Promise<void> {
  if (ctx.signal.aborted) throw new RunStopped('stopping');
  const status = await items.runStatus(ctx.db.kysely, runId);
  if (status !== 'queued' && status !== 'running')
    throw new RunStopped('the run was cancelled, ended or deleted');
}

const contexts = new Map<string, RunContextJson>();

/** The run's stored context, parsed once per process. */
export function contextOf(run: { id: string; context: string | null }): RunContextJson {
  let ctx = contexts.get(run.id);
  if (!ctx) {
    if (!run.context) throw new Error(`run ${run.id} has no context yet`);
    ctx = JSON.parse(run.context) as RunContextJson;
    if (contexts.size > 50) contexts.clear();
    contexts.set(run.id, ctx);
  }
  return ctx;
}

/** Forgets a run's parsed context (it has ended). */
export function forgetContext(runId: string): void {
  contexts.delete(runId);
}

/**
 * Runs a task in a reader process for this run; a cancelled run's tasks stop the step. The
 * signal is looked at just before the task is queued, with nothing awaited in between: a run
 * cancelled while its step read the file from storage would otherwise queue the task after the
 * pool had taken back the run's tasks, and keep a reader busy for a run that no longer exists.
 */
export async function inReader<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  if (signal.aborted) throw new RunStopped('stopping');
  try {
    return await work();
  } catch (err) {
    if (err instanceof SandboxCancelled) throw new RunStopped(err.message);
    throw err;
  }
}

/** Reads one of the teacher's papers in a reader process; over a limit it is unreadable. */
export async function readPaper(ctx: StepContext, runId: string, fileId: string | null) {
  const bytes = fileId ? await readFileBytes(ctx.db.kysely, ctx.store, fileId) : null;
  if (!bytes) return null;
  const out = await inReader(ctx.signal, () =>
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
