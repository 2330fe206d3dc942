import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { nowIso, type Db } from '../db/database';
import * as runs from '../modules/evaluations/evaluations.repository';
import type { SandboxPool } from '../sandbox/sandbox-pool';
import type { FileStore } from '../storage/file-store';
import { Alarm } from './alarm';
import { gradeRun } from './grade-run';
import { failRun, RunStopped } from './step-context';

/** Options of the grading queue; the defaults suit production. */
export interface GradingQueueOptions {
  db: Db;
  store: FileStore;
  log: FastifyBaseLogger;
  pool: SandboxPool;
  reading: Config['reading'];
  /** Runs graded side by side. */
  maxRuns?: number;
  /** How long a claimed run stays this worker's without a renewal. */
  leaseMs?: number;
  /** How often to look for work when nobody called notify(). */
  pollMs?: number;
  /** Answers per chunk of a run. */
  chunkSize?: number;
  afterResult?: (runId: string) => Promise<void> | void;
}

type Active = { assignmentId: string; stop: AbortController; done: Promise<void> };

/**
 * The grading queue: its state is the evaluation_run table, so it survives restarts and can be
 * shared by several server processes on one PostgreSQL database. A worker claims the oldest
 * queued run (or a running one whose worker's lease expired) with a compare-and-set and grades
 * up to `maxRuns` runs side by side; their files share the reader pool in turn, so a slow class
 * never holds up another. On SQLite only one process uses the file, so at start-up a "running"
 * run can only be one the previous process left behind, and it is resumed at once. Grading
 * happens here, never inside a request handler.
 */
export class GradingQueue {
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxRuns: number;
  private readonly abort = new AbortController();
  private readonly active = new Map<string, Active>();
  private readonly alarm = new Alarm();
  private loop: Promise<void> | null = null;
  private firstPass = true;

  constructor(private readonly opts: GradingQueueOptions) {
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 2_000;
    this.maxRuns = opts.maxRuns ?? 4;
  }

  /** Starts working through the queue in the background. */
  start(): void {
    this.loop ??= this.run();
  }

  /** Says a run was queued, so the worker looks now instead of at its next poll. */
  queued(): void {
    this.alarm.wake();
  }

  /**
   * Stops this worker's run of the assignment at once (it was cancelled or is being deleted).
   * Workers in other processes notice at their next lease renewal.
   */
  cancel(assignmentId: string): void {
    for (const run of this.active.values()) {
      if (run.assignmentId === assignmentId) run.stop.abort();
    }
  }

  /** Stops the worker; runs in progress go back to the queue and resume on the next start. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.alarm.wake();
    await this.loop;
    await Promise.all([...this.active.values()].map((r) => r.done));
  }

  private async run(): Promise<void> {
    while (!this.abort.signal.aborted) {
      let claimed = false;
      if (this.active.size < this.maxRuns) {
        try {
          claimed = await this.claimOne();
        } catch (err) {
          this.opts.log.error({ err }, 'grading queue: could not take work');
        }
      }
      if (!claimed && !this.abort.signal.aborted) await this.alarm.sleep(this.pollMs);
    }
  }

  /** Claims one run and starts grading it in the background; false when there was nothing to take. */
  private async claimOne(): Promise<boolean> {
    const db = this.opts.db.kysely;
    const now = nowIso();
    const ignoreLeases = this.firstPass && this.opts.db.dialect === 'sqlite';
    const seen = await runs.nextClaimable(db, now, ignoreLeases, [...this.active.keys()]);
    if (!seen) {
      this.firstPass = false;
      return false;
    }
    const until = new Date(Date.now() + this.leaseMs).toISOString();
    if (!(await runs.claimRun(db, seen, this.workerId, now, until))) return true;
    const run = (await runs.findRun(db, seen.id))!;
    const stop = new AbortController();
    const signal = AbortSignal.any([stop.signal, this.abort.signal]);
    const done = gradeRun(
      {
        ...this.opts,
        chunkSize: this.opts.chunkSize ?? 25,
        parallel: this.opts.pool.size,
        workerId: this.workerId,
        leaseMs: this.leaseMs,
        signal,
      },
      run.id,
    )
      .catch((err: unknown) => this.afterFailure(run.id, err))
      .catch((err: unknown) =>
        this.opts.log.error({ err, runId: run.id }, 'grading run cleanup failed'),
      )
      .finally(() => {
        this.active.delete(run.id);
        this.alarm.wake();
      });
    this.active.set(run.id, { assignmentId: run.assignment_id, stop, done });
    return true;
  }

  private async afterFailure(runId: string, err: unknown) {
    const db = this.opts.db.kysely;
    if (err instanceof RunStopped || this.abort.signal.aborted) {
      // Closing: hand the run back so the next start resumes it. Cancelled or deleted: nothing to do.
      if (this.abort.signal.aborted)
        await runs.endRun(db, runId, this.workerId, { status: 'queued' });
      return;
    }
    this.opts.log.error({ err, runId }, 'grading run failed');
    await failRun(
      { db: this.opts.db },
      runId,
      'Grading stopped because of an unexpected error. Start it again; marks already given are kept.',
    );
  }
}
