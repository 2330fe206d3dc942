// A setup file of both Vitest configs: records the CPU time a test file used (its own process
// and the processes it started and waited for: servers, workers, readers) on the file's meta,
// for the slowest-files reporter. A file run in a worker thread (the 'unit' project) shares its
// process with other threads, so there it is the thread's own CPU time. Linux only (/proc);
// elsewhere it records nothing.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { afterAll } from 'vitest';

const STAT = isMainThread ? '/proc/self/stat' : '/proc/thread-self/stat';

const TICKS_PER_SECOND = 100;

/** CPU seconds of this process and its reaped children (or of this thread), from /proc; null off Linux. */
function cpuSeconds(): number | null {
  try {
    const stat = fs.readFileSync(STAT, 'utf8');
    // Fields after the command name in parentheses: utime, stime, cutime, cstime are 14–17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks / TICKS_PER_SECOND;
  } catch {
    return null;
  }
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
