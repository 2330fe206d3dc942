import { defineConfig } from 'vitest/config';

/** End-to-end tests: real server process, real Chromium (see e2e/run.mjs). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A browser under load can take more than Vitest's default 1 s to settle after a click.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
  },
});
