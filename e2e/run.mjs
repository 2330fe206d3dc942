// Runs the end-to-end tests in Debian's Chromium: builds the web app, then the Vitest e2e project.
// Without a Chromium they are skipped with a clear line (and fail under CI, where they must run).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const line = `SKIPPED: end-to-end tests (no Chromium at ${chromium}; install it with "apt-get install chromium")`;
  if (process.env.CI) {
    console.error(`${line}, but CI requires them.`);
    process.exit(1);
  }
  console.warn(line);
  process.exit(0);
}
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;
if (!process.env.E2E_SKIP_BUILD && run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0)
  process.exit(1);
process.exit(
  run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]),
);
