import { Worker } from 'node:worker_threads';
import type { GradingJob, GradingJobOutcome } from './grading-job';

/** Thrown when a grading thread was stopped on purpose (the server is closing, the run went away). */
export class GradingAborted extends Error {}

type Message =
  | { type: 'read'; read: number }
  | { type: 'outcome'; outcome: GradingJobOutcome }
  | { type: 'error'; message: string };

/**
 * Runs one grading job in its own worker thread and resolves with its outcome. `onRead` hears how
 * many answers have been read; aborting `signal` terminates the thread at once.
 */
export function gradeInThread(
  job: GradingJob,
  opts: { signal: AbortSignal; onRead: (read: number) => void },
): Promise<GradingJobOutcome> {
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) return reject(new GradingAborted('stopped before it started'));
    const worker = new Worker(new URL('./grading.worker.mjs', import.meta.url));
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      opts.signal.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const onAbort = () => finish(() => reject(new GradingAborted('stopped')));
    opts.signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: Message) => {
      if (m.type === 'read') opts.onRead(m.read);
      else if (m.type === 'outcome') finish(() => resolve(m.outcome));
      else finish(() => reject(new Error(`grading failed: ${m.message}`)));
    });
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`the grading thread stopped (exit code ${code})`))),
    );
    // Copied, not transferred: small Buffers share Node's pool, which must not be detached.
    worker.postMessage(job);
  });
}
