import { fork, type ChildProcess } from 'node:child_process';
import { FairQueue, type Lane } from './fair-queue';
import { residentBytes } from './process-memory';
import type { SandboxTask, SandboxTaskResult } from './sandbox-tasks';
import type { SpareReaders } from './spare-readers';

/** How a task ended when its reader did not give an answer. */
export type SandboxLimit = 'time' | 'memory' | 'crash';

/** A task's answer, or which limit stopped it. */
export type SandboxOutcome<T> = { ok: true; value: T } | { ok: false; limit: SandboxLimit };

/** Thrown for tasks taken back before a reader started them (their run was cancelled, the pool closed). */
export class SandboxCancelled extends Error {}

export interface SandboxPoolOptions {
  /** Reader processes at most; each reads one file at a time. */
  size: number;
  /** A reader whose resident memory passes this is killed, and its task fails with 'memory'. */
  memoryMb: number;
  /** How often a busy reader's memory is looked at. */
  memoryPollMs?: number;
  /** Idle readers to start from, and to leave the idle ones to on close (see SpareReaders). */
  spare?: SpareReaders;
}

type Job = {
  task: SandboxTask;
  timeoutMs: number;
  owner: string;
  lane: Lane;
  resolve(outcome: SandboxOutcome<unknown>): void;
  reject(err: Error): void;
};

type Reader = {
  child: ChildProcess;
  job: Job | null;
  /** Whether it has loaded and said so; a task's limits start then, not at the fork. */
  ready: boolean;
  /** Set when we killed the reader on purpose, to say why its job failed. */
  killedFor: SandboxLimit | 'cancelled' | null;
  stderrTail: string;
  timers: NodeJS.Timeout[];
  /** A background task's grace: once it is over, work someone waits for may stop the task. */
  grace: NodeJS.Timeout | null;
  graceOver: boolean;
};

const CHILD = new URL('./sandbox.child.mjs', import.meta.url);

/**
 * How long a reader may take to load the engine's modules (about a second of CPU) before its
 * first engine task: our own code, so only a broken install or a starved machine reaches it.
 */
const ENGINE_LOAD_LIMIT_MS = 60_000;

/**
 * How long a background task (an answer read as it arrived) runs before work someone waits for
 * (an upload's check, a grading run) may stop it and take its reader: longer than a scan takes
 * to read (1–2 s a page), so background work is only cut short when it is slow, as a crafted
 * file that runs to the time limit is.
 */
export const BACKGROUND_GRACE_MS = 5_000;

/**
 * A small pool of child processes that read untrusted files: upload checks, text extraction and
 * OCR, batch grading. Each reader takes one task at a time under a time limit and a memory limit;
 * a reader that runs over, crashes or runs out of memory is killed and replaced, and only its own
 * task fails, with the limit named. Waiting tasks are served fairly (see FairQueue): uploads
 * first, then every owner (user, grading run) in turn, background work last; a background task
 * that has run past its grace gives its reader up (it is cancelled) when other work waits for
 * one. Readers start on first use and do not keep the process alive when idle.
 */
export class SandboxPool {
  private readonly queue = new FairQueue<Job>();
  private readonly readers = new Set<Reader>();
  private closed = false;

  constructor(private readonly opts: SandboxPoolOptions) {}

  /** How many readers may run at once. */
  get size(): number {
    return this.opts.size;
  }

  /** Process ids of the readers running now (for monitoring, and for tests that kill one). */
  get readerPids(): number[] {
    return [...this.readers].flatMap((r) => (r.child.pid === undefined ? [] : [r.child.pid]));
  }

  /** How many readers are working on a task now (for monitoring, and for tests that wait for one). */
  get busy(): number {
    return [...this.readers].filter((r) => r.job !== null).length;
  }

  /** Runs a task in a reader; resolves with its value or the limit that stopped it. */
  run<K extends SandboxTask['type']>(
    task: Extract<SandboxTask, { type: K }>,
    opts: { lane: Lane; owner: string; timeoutMs: number },
  ): Promise<SandboxOutcome<SandboxTaskResult<K>>> {
    if (this.closed) return Promise.reject(new SandboxCancelled('the reader pool is closed'));
    return new Promise((resolve, reject) => {
      const job: Job = {
        task,
        timeoutMs: opts.timeoutMs,
        owner: opts.owner,
        lane: opts.lane,
        resolve: resolve as Job['resolve'],
        reject,
      };
      this.queue.push(opts.lane, opts.owner, job);
      this.dispatch();
    });
  }

  /**
   * Takes back an owner's tasks: waiting ones, and running ones whose readers are killed (a
   * cancelled run frees its readers at once). They reject with SandboxCancelled.
   */
  cancel(owner: string): void {
    for (const job of this.queue.removeOwner(owner)) {
      job.reject(new SandboxCancelled('cancelled'));
    }
    for (const reader of this.readers) {
      if (reader.job?.owner === owner) this.kill(reader, 'cancelled');
    }
  }

  /** Rejects waiting tasks, kills every reader (or leaves idle ones to `spare`) and fails their tasks. */
  async close(): Promise<void> {
    this.closed = true;
    let job: Job | undefined;
    while ((job = this.queue.shift())) job.reject(new SandboxCancelled('closed'));
    if (this.opts.spare) this.leaveIdleReaders(this.opts.spare);
    const exits = [...this.readers].map(
      (r) =>
        new Promise<void>((done) => {
          if (r.child.exitCode !== null || r.child.signalCode !== null) done();
          else r.child.once('exit', () => done());
        }),
    );
    for (const r of this.readers) {
      r.job?.reject(new SandboxCancelled('closed'));
      r.job = null;
      if (r.grace) clearTimeout(r.grace);
      r.child.kill('SIGKILL');
    }
    await Promise.all(exits);
  }

  private dispatch(): void {
    while (!this.closed && this.queue.size > 0) {
      const reader = this.idleReader();
      if (!reader) return this.preemptBackground();
      this.start(reader, this.queue.shift()!);
    }
  }

  /**
   * Every reader is busy and work someone waits for is queued: background tasks past their grace
   * are stopped (cancelled), one a waiting task, and their readers replaced for that work.
   */
  private preemptBackground(): void {
    let wanted = this.queue.awaited;
    for (const r of this.readers)
      if (r.job?.lane === 'background' && r.killedFor === 'cancelled') wanted--;
    for (const r of this.readers) {
      if (wanted <= 0) return;
      if (r.job?.lane !== 'background' || r.killedFor || !r.graceOver) continue;
      this.kill(r, 'cancelled');
      wanted--;
    }
  }

  private idleReader(): Reader | null {
    for (const r of this.readers) if (!r.job) return r;
    return this.readers.size < this.opts.size ? this.spawn() : null;
  }

  private get heapMb(): number {
    return Math.max(128, Math.floor(this.opts.memoryMb / 2));
  }

  private spawn(): Reader {
    const spare = this.opts.spare?.take(this.heapMb);
    const child =
      spare ??
      fork(CHILD, {
        execArgv: [`--max-old-space-size=${this.heapMb}`],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
    const reader: Reader = {
      child,
      job: null,
      ready: spare !== undefined,
      killedFor: null,
      stderrTail: '',
      timers: [],
      grace: null,
      graceOver: false,
    };
    child.stderr?.on('data', (chunk: Buffer) => {
      reader.stderrTail = (reader.stderrTail + chunk.toString()).slice(-2000);
    });
    child.on('message', (m: { ready?: true; loading?: true; value?: unknown; error?: string }) => {
      if (m.loading) {
        // Loading the engine's modules for its task: not the task's time, like starting up, but
        // still under the memory limit and a limit of its own.
        reader.ready = false;
        this.stopLimits(reader);
        if (reader.job) this.startLimits(reader, ENGINE_LOAD_LIMIT_MS);
        return;
      }
      if (m.ready) {
        reader.ready = true;
        this.stopLimits(reader);
        if (reader.job) this.startLimits(reader, reader.job.timeoutMs);
        return;
      }
      const job = reader.job;
      if (!job) return;
      this.finish(reader);
      if (m.error !== undefined) job.reject(new Error(`reader task failed: ${m.error}`));
      else job.resolve({ ok: true, value: m.value });
      this.dispatch();
    });
    child.on('exit', () => this.onExit(reader));
    child.on('error', () => undefined); // followed by 'exit'
    this.idle(reader);
    this.readers.add(reader);
    return reader;
  }

  private start(reader: Reader, job: Job): void {
    reader.job = job;
    reader.child.ref();
    reader.child.channel?.ref();
    reader.child.send({ task: job.task });
    if (reader.ready) this.startLimits(reader, job.timeoutMs);
  }

  /** A background task's grace, from when its reader is ready to work (as its time limit). */
  private startGrace(reader: Reader): void {
    if (reader.job?.lane !== 'background' || reader.grace) return;
    reader.grace = setTimeout(() => {
      reader.graceOver = true;
      this.dispatch();
    }, BACKGROUND_GRACE_MS);
    reader.grace.unref();
  }

  /** A time limit and the memory watch for the reader's task, from when it is ready to work. */
  private startLimits(reader: Reader, timeoutMs: number): void {
    this.startGrace(reader);
    reader.timers = [
      setTimeout(() => this.kill(reader, 'time'), timeoutMs),
      setInterval(() => void this.watchMemory(reader), this.opts.memoryPollMs ?? 100),
    ];
  }

  private async watchMemory(reader: Reader): Promise<void> {
    const pid = reader.child.pid;
    if (!reader.job || pid === undefined) return;
    const rss = await residentBytes(pid);
    if (rss !== null && rss > this.opts.memoryMb * 1024 * 1024) this.kill(reader, 'memory');
  }

  private kill(reader: Reader, why: SandboxLimit | 'cancelled'): void {
    if (!reader.job || reader.killedFor) return;
    reader.killedFor = why;
    reader.child.kill('SIGKILL');
  }

  private stopLimits(reader: Reader): void {
    for (const t of reader.timers) clearTimeout(t);
    reader.timers = [];
  }

  private finish(reader: Reader): void {
    this.stopLimits(reader);
    if (reader.grace) clearTimeout(reader.grace);
    reader.grace = null;
    reader.graceOver = false;
    reader.job = null;
    this.idle(reader);
  }

  /** Hands the readers without a task to `spare`, detached from this pool. */
  private leaveIdleReaders(spare: SpareReaders): void {
    for (const reader of this.readers) {
      if (reader.job || reader.killedFor || !reader.ready) continue;
      this.readers.delete(reader);
      for (const event of ['message', 'exit', 'error'] as const)
        reader.child.removeAllListeners(event);
      reader.child.stderr?.removeAllListeners('data');
      spare.give(this.heapMb, reader.child);
    }
  }

  private idle(reader: Reader): void {
    reader.child.unref();
    reader.child.channel?.unref();
  }

  private onExit(reader: Reader): void {
    this.readers.delete(reader);
    const job = reader.job;
    if (job) {
      this.finish(reader);
      const oom = /heap out of memory|Reached heap limit|allocation failed/i.test(
        reader.stderrTail,
      );
      if (reader.killedFor === 'cancelled') job.reject(new SandboxCancelled('cancelled'));
      else job.resolve({ ok: false, limit: reader.killedFor ?? (oom ? 'memory' : 'crash') });
    }
    this.dispatch();
  }
}
