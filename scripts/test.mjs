// `npm test`: lint, typecheck, unit and integration tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the end-to-end tests in Chromium. Stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit and integration tests', 'npx', ['vitest', 'run']],
  ['end-to-end tests', 'node', ['e2e/run.mjs']],
];

if (!process.env.TEST_DATABASE_URL) {
  const line = 'NOTE: TEST_DATABASE_URL is not set, so database tests run on SQLite only.';
  if (process.env.CI) {
    console.error(`${line} CI requires PostgreSQL too.`);
    process.exit(1);
  }
  console.warn(line);
}
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(status ?? 1);
  }
  console.log(`=== ${name}: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log('\nAll tests passed.');
