// `npm test`: lint, formatting, typecheck, the web app's build, the unit and integration tests
// (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then the end-to-end tests in Chromium.
// Stops at the first failure and ends with a summary of every step.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const e2e = fs.existsSync(chromium);
const ci = Boolean(process.env.CI);

// The checks (lint, formatting, typecheck), the web build and the unit and integration tests run
// side by side from the start: on 2 cores they keep both busy where, one stage after the other,
// the tests waited on their servers and databases and the checks on their slowest (the run took
// 445 s, the checks alone 48 s of it). The browser tests start when all of those have passed:
// they need the build, their output would interleave with the unit tests', and a failed check
// stops the run before its longest step. `after` names the steps a step waits for.
const steps = [
  // tsc and eslint share one TypeScript program (scripts/check.mjs): 38 CPU-seconds less.
  { name: 'typecheck and lint', cmd: process.execPath, args: ['scripts/check.mjs'] },
  { name: 'formatting (prettier)', cmd: bin('prettier'), args: ['--check', '.'] },
  ...(e2e ? [{ name: 'web build', cmd: bin('vite'), args: ['build', '--logLevel', 'warn'] }] : []),
  {
    name: 'unit and integration tests',
    cmd: bin('vitest'),
    args: ['run', ...(ci ? ['--bail=1'] : [])],
    live: true,
  },
  {
    name: 'end-to-end tests',
    cmd: process.execPath,
    args: ['e2e/run.mjs', ...(ci ? ['--bail=1'] : [])],
    env: { E2E_SKIP_BUILD: '1' },
    live: true,
    after: [
      'typecheck and lint',
      'formatting (prettier)',
      'web build',
      'unit and integration tests',
    ],
  },
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
      resolve({
        name: step.name,
        ok,
        seconds,
        stopped: !ok && (signal !== null || stopping.has(child)),
      });
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
const running = new Set();
const finished = new Map(); // step name → its result, once it has ended
const stopping = new Set(); // the children stopped because another step failed
let failed = false;
console.log(`\n=== ${steps.map((s) => s.name).join(', ')}`);

await new Promise((allDone) => {
  const waiting = new Set(steps);
  const startReady = () => {
    for (const step of [...waiting]) {
      if (failed) break;
      if (
        !(step.after ?? []).every(
          (name) => finished.get(name)?.ok ?? !steps.some((s) => s.name === name),
        )
      )
        continue;
      waiting.delete(step);
      void run(step, running).then((r) => {
        results.push(r);
        finished.set(r.name, r);
        // The first failure stops the rest: its result is what matters.
        if (!r.ok && !failed) {
          failed = true;
          for (const child of running) {
            stopping.add(child);
            child.kill('SIGTERM');
          }
        }
        if (running.size === 0 && (failed || waiting.size === 0)) allDone();
        else startReady();
      });
    }
  };
  startReady();
});

summary(results, started);
if (failed) {
  const first = results.find((r) => !r.ok && !r.stopped) ?? results.find((r) => !r.ok);
  console.error(`\n${first.name} failed.`);
  process.exit(1);
}
console.log('\nAll tests passed.');
