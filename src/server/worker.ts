import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { resolveAuthSecret } from './auth/auth-secret';
import { ArrivalReader } from './jobs/read-on-arrival';
import { GradingJobs } from './jobs/grading-jobs';
import { scheduledTasks } from './jobs/scheduled-tasks';
import { Scheduler } from './jobs/scheduler';
import { createNotifier } from './modules/notifications/notifications.service';
import { createFileStore } from './plugins/storage';
import { SandboxPool } from './sandbox/sandbox-pool';
import { ocrReaderLine } from './ocr-reader-line';

/** Why `markwise worker` will not start on SQLite. */
export const WORKER_NEEDS_POSTGRES =
  'markwise worker needs PostgreSQL (DATABASE_URL=postgres://…): on SQLite the web process grades, in-process.';

/**
 * A grading worker with no HTTP server: takes grading jobs from PostgreSQL (pg-boss), reads
 * answers in its own reader processes, writes marks to the database; files come from the
 * configured store (S3 when several machines share it). Stops cleanly on SIGINT/SIGTERM, handing
 * the steps in hand back to the queue.
 */
export async function startWorker(): Promise<number | undefined> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (config.database.kind !== 'postgres') {
    console.error(WORKER_NEEDS_POSTGRES);
    return 1;
  }
  const log = pino({ level: config.logLevel });
  const db = openDatabase(config.database, (err) =>
    log.warn({ err }, 'a pooled database connection failed; it will be replaced'),
  );
  await migrateToLatest(db.kysely);
  const pool = new SandboxPool({
    size: config.reading.processes,
    memoryMb: config.reading.memoryMb,
  });
  const store = createFileStore(config, log);
  // Scheduled work as on the web instances (one process of the cluster at a time); the mail it
  // queues is sent by the web instances' senders at their next look at the queue.
  const scheduler = new Scheduler({
    db,
    log,
    tickMs: config.scheduleTickMs,
    tasks: scheduledTasks({
      db,
      store,
      checker: { pool, reading: config.reading },
      notify: createNotifier(config, resolveAuthSecret(config), { wake() {} }),
    }),
  });
  const jobs = new GradingJobs({
    db,
    store,
    log,
    pool,
    reading: config.reading,
    chunkSize: config.gradingJobs.chunkSize,
    connectionString: config.database.url,
    work: true,
    concurrency: config.gradingRuns,
    chunkTimeoutSeconds: config.gradingJobs.chunkTimeoutSeconds,
    retryCheckSeconds: config.gradingJobs.retryCheckSeconds,
  });
  // Answers handed in unread are read as they arrive where grading runs (web instances with no
  // worker do not read): here they are found by polling, as a hand-in elsewhere cannot wake it.
  const arrivals = config.readOnArrival
    ? new ArrivalReader({ db, store, pool, reading: config.reading, log })
    : null;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'grading worker stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    scheduler
      .stop()
      .then(() => arrivals?.stop())
      .then(() => jobs.stop())
      .then(() => pool.close())
      .then(() => db.kysely.destroy())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await jobs.start();
  scheduler.start();
  arrivals?.start();
  log.info(
    { readers: config.reading.processes, jobsAtOnce: config.gradingRuns },
    'Markwise grading worker is running',
  );
  log.info(ocrReaderLine(config.reading.tesseract, config.reading.tesseractModel));
  // A parent that started this worker over IPC (tests, benchmarks) hears that it is ready.
  process.send?.({ ready: true });
  process.channel?.unref();
  return undefined;
}
