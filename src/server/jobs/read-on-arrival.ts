import type { FastifyBaseLogger } from 'fastify';
import { encodeReading, type ExtractedDocument } from '../../grading';
import type { Config } from '../config';
import { nowIso, type Db } from '../db/database';
import { readFileBytes } from '../modules/files/files.service';
import * as repo from '../modules/submissions/submissions.repository';
import { readingOfSameFile } from '../modules/submissions/submissions.service';
import { SandboxCancelled, type SandboxPool } from '../sandbox/sandbox-pool';
import type { FileStore } from '../storage/file-store';
import { Alarm } from './alarm';

/** Options of the arrival reader; the defaults suit production. */
export interface ArrivalReaderOptions {
  db: Db;
  store: FileStore;
  pool: SandboxPool;
  reading: Config['reading'];
  log: FastifyBaseLogger;
  /** How often to look for unread answers when no hand-in here said there was one. */
  pollMs?: number;
}

/** The reader pool's owner of the answers read on arrival. */
export const ARRIVALS = 'arrivals';

/**
 * Reads each handed-in answer that was not read yet (a scan handed in without its reading being
 * shown first, as through the API) as soon as it arrives, so that Evaluate Now finds it read
 * instead of reading a class's scans then. The work goes to the reader processes in the
 * background lane, after uploads waiting for their check and after grading runs, so it never
 * holds either up for long (a background task past its grace gives its reader up to them:
 * sandbox-pool.ts). Every process that grades runs one; an answer is taken up by one of them
 * (`arrival_read_at`, a compare-and-set) and read once: one whose reading fails or goes over a
 * limit is left to the run, which reads it again and says why it could not be read; one given
 * up for waiting work is taken up again later, once, then left to the run too.
 */
export class ArrivalReader {
  private readonly abort = new AbortController();
  private readonly pollMs: number;
  private readonly alarm = new Alarm();
  /** A hand-in said so while the reader was busy: look again before sleeping. */
  private pending = false;
  private loop: Promise<void> | null = null;
  /** Answers whose reading was given up for waiting work once, and taken up again: not twice. */
  private readonly givenUp = new Set<string>();

  constructor(private readonly opts: ArrivalReaderOptions) {
    this.pollMs = opts.pollMs ?? 5_000;
  }

  /** Starts reading in the background. */
  start(): void {
    this.loop ??= this.run();
  }

  /** Says an answer was handed in unread, so the reader looks now instead of at its next poll. */
  arrived(): void {
    this.pending = true;
    this.alarm.wake();
  }

  /** Stops at once: its reading tasks are taken back, and the answers left to the grading run. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.opts.pool.cancel(ARRIVALS);
    this.alarm.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.abort.signal.aborted) {
      let seen = 0;
      this.pending = false;
      try {
        seen = await this.readSome();
      } catch (err) {
        if (!(err instanceof SandboxCancelled))
          this.opts.log.error({ err }, 'reading answers on arrival failed; trying again later');
      }
      if (!seen && !this.pending && !this.abort.signal.aborted) await this.alarm.sleep(this.pollMs);
    }
  }

  /**
   * Takes up as many unread answers as there are readers and reads them side by side. Returns how
   * many were waiting (0: nothing to do until the next hand-in or poll).
   */
  async readSome(): Promise<number> {
    const db = this.opts.db.kysely;
    const waiting = await repo.unreadArrivals(db, this.opts.pool.size);
    const taken: typeof waiting = [];
    for (const answer of waiting) {
      if (this.abort.signal.aborted) break;
      if (await repo.takeArrival(db, answer.id, nowIso())) taken.push(answer);
    }
    await Promise.all(taken.map((answer) => this.readOne(answer.id, answer.file_id)));
    return waiting.length;
  }

  private async readOne(submissionId: string, fileId: string): Promise<void> {
    const { db, log } = this.opts;
    try {
      const doc = (await readingOfSameFile(db.kysely, fileId)) ?? (await this.read(fileId));
      if (doc) await repo.keepReadingIfNone(db.kysely, submissionId, encodeReading(doc));
    } catch (err) {
      if (!(err instanceof SandboxCancelled))
        log.error({ err, submission: submissionId }, 'an answer could not be read on arrival');
      // Given up for waiting work (not stopping): taken up again later, once.
      else if (!this.abort.signal.aborted && !this.givenUp.has(submissionId)) {
        this.givenUp.add(submissionId);
        await repo.releaseArrival(db.kysely, submissionId);
      }
    }
  }

  /** The file read in a reader process under the grading's limits; null when it went over one. */
  private async read(fileId: string): Promise<ExtractedDocument | null> {
    const { db, store, pool, reading, log } = this.opts;
    const bytes = await readFileBytes(db.kysely, store, fileId);
    // stopping: nothing awaited between this look and queueing the task (stop takes back the
    // tasks it finds queued)
    if (!bytes || this.abort.signal.aborted) return null;
    const out = await pool.run(
      { type: 'extract', bytes, limits: reading.limits },
      { lane: 'background', owner: ARRIVALS, timeoutMs: reading.gradeTimeoutMs },
    );
    if (out.ok) return out.value;
    log.warn({ file: fileId, limit: out.limit }, 'an answer went over a reading limit on arrival');
    return null;
  }
}
