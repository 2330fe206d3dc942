import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../../e2e/support/server';

/** A `markwise worker` process. */
export interface RunningWorker {
  process: ChildProcess;
  dataDir: string;
  /** Stops it with SIGTERM (or `signal`) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Starts `bin/markwise worker` with `env` and waits until it says (over IPC) it is taking jobs. */
export async function startWorker(env: Record<string, string>): Promise<RunningWorker> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-worker-'));
  const child = spawn(process.execPath, ['bin/markwise', 'worker'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the worker did not start within 60 s')),
      60_000,
    );
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code} before starting`));
    });
  });
  return {
    process: child,
    dataDir,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Web instances without a grading worker and `markwise worker` processes sharing one setup. */
export interface Cluster {
  /** The environment every instance shares (database, files, auth secret). */
  env: Record<string, string>;
  webs: RunningServer[];
  workers: RunningWorker[];
  stop(): Promise<void>;
}

/**
 * Starts `webs` web instances (GRADING_WORKER=false) and `workers` grading workers on the
 * same database and file store (`env`: DATABASE_URL, FILES_URL…), sharing one auth secret so
 * a session works on every instance, as behind a load balancer.
 */
export async function startCluster(opts: {
  webs: number;
  workers: number;
  env: Record<string, string>;
}): Promise<Cluster> {
  const env = {
    AUTH_SECRET: 'cluster-secret-cluster-secret-cluster-0123',
    STATIC_DIR: path.join(os.tmpdir(), 'markwise-no-web'),
    ...opts.env,
  };
  const webs: RunningServer[] = [];
  const workers: RunningWorker[] = [];
  const cluster = {
    env,
    webs,
    workers,
    async stop() {
      await Promise.all([...webs.map((w) => w.stop()), ...workers.map((w) => w.stop())]);
    },
  };
  try {
    // One at a time: the first runs the migrations and installs the job queue's tables.
    for (let i = 0; i < opts.webs; i++)
      webs.push(await startServer({ ...env, GRADING_WORKER: 'false' }));
    for (let i = 0; i < opts.workers; i++) workers.push(await startWorker(env));
    return cluster;
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}
