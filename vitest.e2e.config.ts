import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** End-to-end tests: real server process, real Chromium (see e2e/run.mjs). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files run side by side against the one shared server: each signs up its own users and
    // makes its own classes. A worker keeps about half a core busy (measured: two files on one
    // worker used 22 s of CPU, server and Chromium included, in 55 s), so two per core.
    maxWorkers: os.availableParallelism() * 2,
    // A browser under load can take more than Vitest's default 1 s to settle after a click.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // A worker's files share its modules, and with them its one Chromium (see workerBrowser in
    // support/browser.ts): a file does not pay for starting a browser and importing Playwright.
    isolate: false,
    setupFiles: ['scripts/test-timing/cpu-meter.ts'],
    reporters: ['default', './scripts/test-timing/slowest-files.ts'],
  },
});
