import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core idle (cores - 1: a single worker on a 2-core machine);
    // much of a test file's time is spent in the processes it starts, so use them all.
    maxWorkers: os.availableParallelism(),
    setupFiles: ['scripts/test-timing/cpu-meter.ts', 'src/server/test/share-readers.ts'],
    reporters: ['default', './scripts/test-timing/slowest-files.ts'],
  },
});
