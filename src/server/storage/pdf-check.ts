import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** A PDF that takes longer than this to open is treated as unreadable (and its thread replaced). */
const TIMEOUT_MS = 15_000;
const THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

interface Pending {
  resolve(ok: boolean): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/** One pdf.js worker thread and the checks it is running. */
class Checker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  get load() {
    return this.pending.size;
  }

  private start(): Worker {
    const worker = new Worker(new URL('./pdf-check.worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.on('message', (m: { id: number; ok?: boolean; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.settle(m.id);
      if (m.error !== undefined) p.reject(new Error(`PDF check failed: ${m.error}`));
      else p.resolve(m.ok === true);
    });
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', (code) => this.fail(worker, new Error(`PDF check thread exited: ${code}`)));
    worker.unref();
    return worker;
  }

  private settle(id: number) {
    clearTimeout(this.pending.get(id)!.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
  }

  /** The thread died: every check it held fails, and the next check starts a new one. */
  private fail(worker: Worker | null, err: Error) {
    if (worker === null || worker !== this.worker) return;
    this.worker = null;
    for (const [id, p] of [...this.pending]) {
      this.settle(id);
      p.reject(err);
    }
  }

  check(file: string): Promise<boolean> {
    this.worker ??= this.start();
    this.worker.ref();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // A PDF built to hang the parser: give up on it and on this thread.
        const worker = this.worker;
        this.settle(id);
        resolve(false);
        this.fail(worker, new Error('PDF check timed out'));
        void worker?.terminate();
      }, TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.worker!.postMessage({ id, file });
    });
  }
}

const checkers = Array.from({ length: THREADS }, () => new Checker());

/**
 * Whether pdf.js can open the PDF file and its first page. Runs on a small pool of worker
 * threads (started on first use, never keeping the process alive when idle) so parsing
 * neither blocks requests nor lets pdf.js's polyfills into the server's globals.
 */
export function pdfParses(file: string): Promise<boolean> {
  const checker = checkers.reduce((a, b) => (b.load < a.load ? b : a));
  return checker.check(file);
}
