// `npm test`: lint, formatting, typecheck and the web app's build side by side, then the unit and
// integration tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then the end-to-end
// tests in Chromium. Stops at the first failure and ends with a summary of every step.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const e2e = fs.existsSync(chromium);
const ci = Boolean(process.env.CI);

// Each stage's steps run at once (they are single-threaded, and the machine has cores to spare);
// a stage starts when the one before it passed.
const stages = [
  [
    { name: 'lint (eslint)', cmd: bin('eslint'), args: ['.'] },
    { name: 'formatting (prettier)', cmd: bin('prettier'), args: ['--check', '.'] },
    { name: 'typecheck', cmd: bin('tsc'), args: ['--noEmit'] },
    ...(e2e
      ? [{ name: 'web build', cmd: bin('vite'), args: ['build', '--logLevel', 'warn'] }]
      : []),
  ],
  [
    {
      name: 'unit and integration tests',
      cmd: bin('vitest'),
      args: ['run', ...(ci ? ['--bail=1'] : [])],
      live: true,
    },
  ],
  [
    {
      name: 'end-to-end tests',
      cmd: process.execPath,
      args: ['e2e/run.mjs', ...(ci ? ['--bail=1'] : [])],
      env: { E2E_SKIP_BUILD: '1' },
      live: true,
    },
  ],
];

/** Runs a step; a `live` one prints as it goes, the others print their output when they end. */
function run(step, running) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.cmd, step.args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...step.env },
      stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      if (!step.live && (!ok || output.length > 0)) {
        console.log(`\n--- ${step.name}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`=== ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve({ name: step.name, ok, seconds, stopped: signal !== null && !ok });
    });
  });
}

function summary(results, started) {
  console.log('\nSummary');
  for (const r of results) {
    const state = r.ok ? 'passed' : r.stopped ? 'stopped' : 'FAILED';
    console.log(`  ${state.padEnd(8)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.name}`);
  }
  console.log(`  total    ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`);
}

if (!process.env.TEST_DATABASE_URL) {
  const line = 'NOTE: TEST_DATABASE_URL is not set, so database tests run on SQLite only.';
  if (ci) {
    console.error(`${line} CI requires PostgreSQL too.`);
    process.exit(1);
  }
  console.warn(line);
}
if (!e2e) {
  const line = `NOTE: no Chromium at ${chromium}, so the end-to-end tests will be skipped (apt-get install chromium).`;
  if (ci) {
    console.error(`${line} CI requires them.`);
    process.exit(1);
  }
  console.warn(line);
}

const started = Date.now();
const results = [];
for (const stage of stages) {
  console.log(`\n=== ${stage.map((s) => s.name).join(', ')}`);
  const running = new Set();
  // The first failure stops the rest of its stage: its result is what matters.
  const outcomes = stage.map((step) =>
    run(step, running).then((r) => {
      if (!r.ok) for (const child of running) child.kill('SIGTERM');
      return r;
    }),
  );
  results.push(...(await Promise.all(outcomes)));
  const failed = results.find((r) => !r.ok && !r.stopped);
  if (failed || results.some((r) => !r.ok)) {
    summary(results, started);
    console.error(`\n${(failed ?? results.find((r) => !r.ok)).name} failed.`);
    process.exit(1);
  }
}
summary(results, started);
console.log('\nAll tests passed.');
