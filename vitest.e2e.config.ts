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
    // makes its own classes. Most of a browser test's time is spent waiting for the page, so one
    // more worker than cores keeps the machine busy; two per core was slower on 2 cores (the
    // whole suite 338 s against 310 s with three: the server and the browsers then compete).
    maxWorkers: os.availableParallelism() + 1,
    // A browser under load can take more than Vitest's default 1 s to settle after a click.
    expect: { poll: { timeout: 10_000, interval: 200 } },
    pool: 'forks',
    // A worker's files share its modules, and with them its one Chromium (see workerBrowser in
    // support/browser.ts): a file does not pay for starting a browser and importing Playwright.
    isolate: false,
    setupFiles: ['scripts/test-timing/cpu-meter.ts'],
    reporters: ['default', './scripts/test-timing/slowest-files.ts'],
  },
});
