import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema';
import * as runs from '../modules/evaluations/evaluations.repository';
import { gradeChunk } from './grade-chunk';
import { planRun } from './plan-run';
import { readChunk } from './read-chunk';
import { scoreRun } from './score-run';
import { failRun, RunStopped, type StepContext } from './step-context';

/** The queues of a run's steps; a job that fails every retry goes to `failed`. */
const Q = {
  plan: 'grading-plan',
  read: 'grading-read',
  score: 'grading-score',
  grade: 'grading-grade',
  failed: 'grading-failed',
} as const;

type StepJob = { runId: string; chunk?: number };
type Step = (job: StepJob, ctx: StepContext) => Promise<unknown>;

/** Options of the PostgreSQL job queue. */
export interface GradingJobsOptions extends Omit<StepContext, 'signal'> {
  connectionString: string;
  /** Whether this process takes jobs (false on web-only instances). */
  work: boolean;
  /** Jobs of each kind this process works on at once. */
  concurrency: number;
  chunkTimeoutSeconds: number;
  retryCheckSeconds: number;
  /** How often an idle worker looks for jobs when nobody told it of one. */
  pollSeconds?: number;
}

const FAILED =
  'Grading stopped because a step kept failing. Start it again; marks already given are kept.';

/** pg-boss's database adapter over a Kysely transaction, so jobs are sent with the step's writes. */
function inTransaction(trx: Transaction<Database> | Kysely<Database>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values as unknown[]));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Grading as pg-boss jobs on PostgreSQL, shared by every process that runs with a worker (web
 * instances with GRADING_WORKER, and `markwise worker`). A run is one plan job, one read job
 * per chunk, one score job and one grade job per chunk; each step stores its work and sends the
 * next jobs in the same transaction, so nothing is lost or sent twice. A job whose worker died
 * expires after GRADING_CHUNK_TIMEOUT_SECONDS and is retried by another worker; the steps are
 * idempotent and results are written exactly once. A job that fails every retry fails the run.
 */
export class GradingJobs {
  private readonly boss: PgBoss;
  private readonly abort = new AbortController();
  /** Steps running in this process, by run, so a cancel stops them at once. */
  private readonly active = new Map<string, { assignmentId: string; stop: AbortController }[]>();
  private started = false;
  /** This process's pg-boss workers, woken when a step here sends the next jobs. */
  private readonly workers: string[] = [];

  constructor(private readonly opts: GradingJobsOptions) {
    this.boss = new PgBoss({
      connectionString: opts.connectionString,
      schema: 'pgboss',
      max: Math.max(4, opts.concurrency + 2),
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: opts.retryCheckSeconds,
      monitorStateIntervalSeconds: Math.max(opts.retryCheckSeconds, 10),
    });
    this.boss.on('error', (err) => opts.log.error({ err }, 'grading jobs: pg-boss error'));
  }

  /** Connects (installing pg-boss's schema on first use) and, on workers, starts taking jobs. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    for (const name of Object.values(Q)) await this.createQueue(name);
    if (!this.opts.work) return;
    const loops = Math.max(1, this.opts.concurrency);
    const poll = { pollingIntervalSeconds: this.opts.pollSeconds ?? 1, batchSize: 1 };
    const on = async (name: string, n: number, step: Step) => {
      for (let i = 0; i < n; i++)
        this.workers.push(
          await this.boss.work<StepJob>(name, poll, ([job]) => this.take(name, job!.data, step)),
        );
    };
    await on(Q.plan, 1, this.plan);
    await on(Q.read, loops, this.read);
    await on(Q.score, 1, this.score);
    await on(Q.grade, loops, this.grade);
    await this.boss.work<StepJob>(Q.failed, poll, async ([job]) => {
      this.opts.log.error({ runId: job!.data.runId }, 'a grading step failed every retry');
      await failRun(this.opts, job!.data.runId, FAILED);
    });
  }

  /** Two processes starting at once may race to create a queue's table; the loser tries again. */
  private async createQueue(name: string) {
    try {
      await this.boss.createQueue(name);
    } catch {
      await this.boss.createQueue(name);
    }
  }

  /** Sends the first job of a run being queued, in the transaction that inserts it. */
  async queued(runId: string, trx: Transaction<Database>): Promise<void> {
    await this.send(trx, [{ name: Q.plan, data: { runId } }]);
    // Workers here look at once after the commit; others find the job at their next poll.
    setTimeout(() => this.wake(), 20);
  }

  /**
   * Sends the grade jobs of a confirmed run, in the transaction that confirms it; the run is
   * running again (its results count only while it is), as no worker claims runs here.
   */
  async resumed(runId: string, trx: Transaction<Database>): Promise<void> {
    await runs.markResumed(trx, runId);
    const run = await runs.findRun(trx, runId);
    await this.sendChunks(trx, Q.grade, runId, Number(run?.chunks ?? 0));
    setTimeout(() => this.wake(), 20);
  }

  /** Has this process's workers look for jobs now rather than at their next poll. */
  private wake() {
    for (const id of this.workers) this.boss.notifyWorker(id);
  }

  /** Stops this process's steps of the assignment's run at once; other workers stop at their next answer. */
  cancel(assignmentId: string): void {
    for (const steps of this.active.values())
      for (const s of steps) if (s.assignmentId === assignmentId) s.stop.abort();
  }

  /** Stops taking jobs and waits for the ones in hand (their steps end at the next answer). */
  async stop(): Promise<void> {
    this.abort.abort();
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  private send(
    db: Transaction<Database> | Kysely<Database>,
    jobs: Array<{ name: string; data: StepJob }>,
  ) {
    const expireInSeconds = this.opts.chunkTimeoutSeconds;
    return this.boss.insert(
      jobs.map((j) => ({
        ...j,
        expireInSeconds,
        retryLimit: 3,
        retryDelay: 1,
        deadLetter: Q.failed,
      })),
      { db: inTransaction(db) },
    );
  }

  /** Runs one step with a signal that this process's cancel or stop aborts. */
  private async take(queue: string, job: StepJob, step: Step) {
    const run = await runs.findRun(this.opts.db.kysely, job.runId);
    if (!run) return;
    const stop = new AbortController();
    const entry = { assignmentId: run.assignment_id, stop };
    const list = this.active.get(job.runId) ?? [];
    list.push(entry);
    this.active.set(job.runId, list);
    const signal = AbortSignal.any([stop.signal, this.abort.signal]);
    const onAbort = () => this.opts.pool.cancel(`run:${job.runId}`);
    stop.signal.addEventListener('abort', onAbort, { once: true });
    try {
      await step(job, { ...this.opts, signal });
      this.wake();
    } catch (err) {
      if (!(err instanceof RunStopped)) throw err;
      // This worker is closing: the step goes back to the queue for any worker, at once.
      if (this.abort.signal.aborted)
        await this.send(this.opts.db.kysely, [{ name: queue, data: job }]);
      // Otherwise the run was cancelled or deleted: nothing is left to do.
    } finally {
      list.splice(list.indexOf(entry), 1);
      if (!list.length) this.active.delete(job.runId);
    }
  }

  private readonly plan = (job: StepJob, ctx: StepContext) =>
    planRun(ctx, job.runId, (trx, chunks) => this.sendChunks(trx, Q.read, job.runId, chunks));

  private readonly read = (job: StepJob, ctx: StepContext) =>
    readChunk(ctx, job.runId, job.chunk ?? 0, (trx) =>
      this.send(trx, [{ name: Q.score, data: { runId: job.runId } }]),
    );

  private readonly score = async (job: StepJob, ctx: StepContext) => {
    const run = await runs.findRun(ctx.db.kysely, job.runId);
    const chunks = Number(run?.chunks ?? 0);
    await scoreRun(ctx, job.runId, (trx) => this.sendChunks(trx, Q.grade, job.runId, chunks));
  };

  private readonly grade = (job: StepJob, ctx: StepContext) =>
    gradeChunk(ctx, job.runId, job.chunk ?? 0);

  private sendChunks(trx: Transaction<Database>, name: string, runId: string, chunks: number) {
    return this.send(
      trx,
      Array.from({ length: chunks }, (_, chunk) => ({ name, data: { runId, chunk } })),
    );
  }
}
