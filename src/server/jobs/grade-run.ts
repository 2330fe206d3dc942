import type { FastifyBaseLogger } from 'fastify';
import * as runs from '../modules/evaluations/evaluations.repository';
import { gradeChunk } from './grade-chunk';
import { planRun } from './plan-run';
import { readChunk } from './read-chunk';
import { scoreRun } from './score-run';
import type { StepContext } from './step-context';

/** What the in-process worker needs to grade one run: the steps' context and its lease. */
export interface RunContext extends StepContext {
  log: FastifyBaseLogger;
  workerId: string;
  leaseMs: number;
  /** Chunks read side by side (the reader pool's size). */
  parallel: number;
}

const leaseUntil = (ctx: RunContext) => new Date(Date.now() + ctx.leaseMs).toISOString();

/**
 * Keeps the run's lease while this process grades it, renewing it on a heartbeat, and aborts
 * `stop` when the run is no longer this worker's (cancelled, deleted, or taken after a pause).
 */
function holdLease(ctx: RunContext, runId: string, stop: AbortController) {
  let chain: Promise<void> = Promise.resolve();
  const renew = () => {
    chain = chain
      .then(() => runs.renewLease(ctx.db.kysely, runId, ctx.workerId, leaseUntil(ctx)))
      .then((ours) => {
        if (!ours) stop.abort();
      })
      .catch((err: unknown) => ctx.log.warn({ err, runId }, 'could not renew a grading lease'));
  };
  const timer = setInterval(renew, Math.max(50, ctx.leaseMs / 3));
  return async () => {
    clearInterval(timer);
    await chain;
  };
}

/** Runs `work` for every chunk, `parallel` at a time. */
async function eachChunk(chunks: number, parallel: number, work: (chunk: number) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < chunks) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, chunks)) }, lane));
}

/**
 * Grades one run claimed by the in-process queue (SQLite), through the same stored steps the
 * PostgreSQL job queue runs on many workers: plan, read every chunk (side by side, sharing the
 * reader processes with other runs), score the class once, write every chunk's results. Each
 * step picks up where the last one stopped, so a run resumed after a restart reads and writes
 * nothing twice.
 */
export async function gradeRun(ctx: RunContext, runId: string): Promise<void> {
  const stop = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stop.signal]);
  const onAbort = () => ctx.pool.cancel(`run:${runId}`);
  signal.addEventListener('abort', onAbort, { once: true });
  const release = holdLease(ctx, runId, stop);
  const step: RunContext = { ...ctx, signal };
  try {
    await planRun(step, runId);
    let run = await runs.findRun(ctx.db.kysely, runId);
    const chunks = Number(run?.chunks ?? 0);
    if (run?.stage === 'read')
      await eachChunk(chunks, ctx.parallel, async (c) => {
        await readChunk(step, runId, c);
      });
    await scoreRun(step, runId);
    run = await runs.findRun(ctx.db.kysely, runId);
    if (run?.stage === 'grade') for (let c = 0; c < chunks; c++) await gradeChunk(step, runId, c);
  } finally {
    signal.removeEventListener('abort', onAbort);
    await release();
  }
}
