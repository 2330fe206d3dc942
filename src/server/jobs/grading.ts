import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { SandboxPool } from '../sandbox/sandbox-pool';
import type { FileStore } from '../storage/file-store';
import { GradingJobs } from './grading-jobs';
import { GradingQueue, type GradingQueueOptions } from './grading-queue';

/** Where queued runs go and who grades them: one interface over both queues. */
export interface Grading {
  /** Starts working (when this process is a worker) and, on PostgreSQL, connects the job queue. */
  start(): Promise<void> | void;
  /** A run is being queued (in `trx`, which inserts it): grade it once committed. */
  queued(runId: string, trx: Transaction<Database>): Promise<void> | void;
  /** A run waiting for confirmation was confirmed (in `trx`): write its results once committed. */
  resumed(runId: string, trx: Transaction<Database>): Promise<void> | void;
  /** The assignment's run was cancelled or deleted: stop this process's work on it now. */
  cancel(assignmentId: string): void;
  stop(): Promise<void>;
}

/** Options for tests: faster polling and a hook after each written result. */
export type GradingOptions = Partial<
  Pick<GradingQueueOptions, 'leaseMs' | 'pollMs' | 'afterResult'>
> & { retryCheckSeconds?: number };

/**
 * The grading queue for this configuration: pg-boss jobs shared by every worker process on
 * PostgreSQL, the in-process queue on SQLite (one process uses the file). Both run the same
 * stored steps (jobs/plan-run, read-chunk, score-run, grade-chunk).
 */
export function createGrading(
  config: Config,
  parts: { db: Db; store: FileStore; log: FastifyBaseLogger; pool: SandboxPool },
  opts: GradingOptions = {},
): Grading {
  const common = { ...parts, reading: config.reading, chunkSize: config.gradingJobs.chunkSize };
  if (config.database.kind === 'postgres') {
    return new GradingJobs({
      ...common,
      afterResult: opts.afterResult,
      connectionString: config.database.url,
      work: config.gradingWorker,
      concurrency: config.gradingRuns,
      chunkTimeoutSeconds: config.gradingJobs.chunkTimeoutSeconds,
      retryCheckSeconds: opts.retryCheckSeconds ?? config.gradingJobs.retryCheckSeconds,
      pollSeconds: opts.pollMs ? Math.max(0.5, opts.pollMs / 1000) : undefined,
    });
  }
  const queue = new GradingQueue({ ...common, maxRuns: config.gradingRuns, ...opts });
  return {
    start: () => (config.gradingWorker ? queue.start() : undefined),
    // The worker looks once the run is committed; polling covers a notice that came too early.
    queued: () => void setTimeout(() => queue.queued(), 0),
    // A confirmed run is queued again at its grade step; the worker takes it like any other.
    resumed: () => void setTimeout(() => queue.queued(), 0),
    cancel: (assignmentId) => queue.cancel(assignmentId),
    stop: () => queue.stop(),
  };
}
