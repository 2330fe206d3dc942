// A setup file of both Vitest configs: records the CPU time a test file used on the file's meta,
// for the slowest-files reporter: its own process, the processes it started and waited for
// (servers, workers, readers), and the processes still running under it (the browser tests' one
// Chromium per worker, with its renderers). A file run in a worker thread (the 'unit' project)
// shares its process with other threads, so there it is the thread's own CPU time. Linux only
// (/proc); elsewhere it records nothing.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { afterAll } from 'vitest';

const TICKS_PER_SECOND = 100;

/** utime + stime + cutime + cstime of one /proc stat file, in ticks, with the parent's pid. */
function readStat(file: string): { ppid: number; ticks: number } | null {
  try {
    const stat = fs.readFileSync(file, 'utf8');
    // Fields after the command name in parentheses: ppid is 4, utime, stime, cutime, cstime 14–17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { ppid: Number(fields[1]), ticks };
  } catch {
    return null;
  }
}

/** Ticks of the live processes descending from this one (their reaped children included). */
function descendantTicks(): number {
  const byParent = new Map<number, Array<{ pid: number; ticks: number }>>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(`/proc/${name}/stat`);
    if (!stat) continue;
    const list = byParent.get(stat.ppid) ?? [];
    list.push({ pid: Number(name), ticks: stat.ticks });
    byParent.set(stat.ppid, list);
  }
  let total = 0;
  const walk = (pid: number) => {
    for (const child of byParent.get(pid) ?? []) {
      total += child.ticks;
      walk(child.pid);
    }
  };
  walk(process.pid);
  return total;
}

/** CPU seconds of this process, its reaped children and its live descendants (or of this thread); null off Linux. */
function cpuSeconds(): number | null {
  if (!isMainThread) {
    // A thread's cutime and cstime are its whole process's (every reaped child of the runner):
    // only its own utime and stime count.
    try {
      const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    } catch {
      return null;
    }
  }
  const own = readStat('/proc/self/stat');
  if (!own) return null;
  return (own.ticks + descendantTicks()) / TICKS_PER_SECOND;
}

const atStart = cpuSeconds();

declare module 'vitest' {
  interface TaskMeta {
    /** CPU seconds the file used, from its first import to its last hook. */
    cpuSeconds?: number;
  }
}

// Vitest reads a hook's first parameter as its fixtures, which must be a destructuring pattern.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  const now = cpuSeconds();
  if (now !== null && atStart !== null) suite.file.meta.cpuSeconds = now - atStart;
});
