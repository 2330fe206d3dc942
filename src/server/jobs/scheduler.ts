import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** One piece of scheduled work: finds what is due at `now` and does it, idempotently. */
export interface ScheduledTask {
  name: string;
  /** Returns how much it did (for the log). */
  run(now: Date): Promise<number>;
}

/** Any constant: the PostgreSQL advisory lock that lets one process run the tasks at a time. */
const SCHEDULER_LOCK = 72_102_611;

/**
 * Runs the scheduled tasks every `tickMs` in this process (on SQLite the web process; on
 * PostgreSQL every process that works on jobs, the web instances with GRADING_WORKER and
 * `markwise worker`). On PostgreSQL a tick first takes a transaction-scoped advisory lock, so
 * only one process of the cluster runs the tasks at a time; the others skip that tick. Each task
 * is idempotent on its own as well (it records what it did in the same transaction as doing it),
 * so a crash half-way or a second run repeats nothing.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly opts: {
      db: Db;
      log: FastifyBaseLogger;
      tickMs: number;
      tasks: ScheduledTask[];
    },
  ) {}

  /** Starts ticking: at once, then every tickMs. */
  start(): void {
    if (this.timer || this.stopped) return;
    const tick = () => {
      void this.runOnce().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.opts.tickMs);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Runs every task once now (after a run in progress, if any); errors are logged, not thrown. */
  async runOnce(now?: Date): Promise<void> {
    while (this.running) await this.running;
    this.running = this.tick(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Stops ticking and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.running) await this.running;
  }

  private async tick(now?: Date): Promise<void> {
    const { db } = this.opts;
    try {
      if (db.dialect !== 'postgres') return await this.runTasks(now);
      await db.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(${SCHEDULER_LOCK}) as locked`.execute(trx);
        // Another process is running the tasks: this tick is its.
        if (rows[0]?.locked) await this.runTasks(now);
      });
    } catch (err) {
      this.opts.log.error({ err }, 'scheduled work failed; it runs again at the next tick');
    }
  }

  private async runTasks(now?: Date): Promise<void> {
    for (const task of this.opts.tasks) {
      try {
        const done = await task.run(now ?? new Date());
        if (done) this.opts.log.info({ task: task.name, done }, 'scheduled work done');
      } catch (err) {
        this.opts.log.error({ err, task: task.name }, 'a scheduled task failed');
      }
    }
  }
}
