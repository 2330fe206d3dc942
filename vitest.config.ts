import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Every test file shares its worker's modules (isolate: false): importing the server, pdf.js,
// wink-nlp and the fitted engine once per worker instead of once per file, which was 2-3 s of
// CPU per server test file. Tests that only compute (the grading engine, shared rules, the web
// app's pure helpers, the lint and benchmark scripts) run in worker threads; the rest, which
// start servers, readers and databases, in child processes of their own.
const shared = [
  'src/grading/**/*.test.ts',
  'src/shared/**/*.test.ts',
  'src/web/**/*.test.ts',
  'src/web/**/*.test.tsx',
  'scripts/**/*.test.ts',
  'bench/**/*.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default leaves one core idle (cores - 1: a single worker on a 2-core machine);
    // much of a test file's time is spent in the processes it starts, so use them all.
    maxWorkers: os.availableParallelism(),
    reporters: ['default', './scripts/test-timing/slowest-files.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: shared,
          pool: 'threads',
          isolate: false,
          setupFiles: ['scripts/test-timing/cpu-meter.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: shared,
          pool: 'forks',
          isolate: false,
          setupFiles: ['scripts/test-timing/cpu-meter.ts', 'src/server/test/share-readers.ts'],
        },
      },
    ],
  },
});
