// Lighthouse (mobile preset) against Debian's Chromium for the landing and login pages.
// Usage: npm run bench:lighthouse [-- --runs N] [-- /path ...]. Builds the web app when dist/web
// is missing, starts `bin/markwise serve` on a free port, runs Lighthouse N times per page
// (default 3) and prints the median of each category score, the median run's metrics and the
// audits that cost it points. Exits 1 when a target is missed (performance ≥ 95, accessibility
// 100, best practices ≥ 95).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import { startServer } from '../e2e/support/server';

const root = path.resolve(import.meta.dirname, '..');
const lighthouseVersion = lighthousePackage.version;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(args.splice(runsAt, 2)[1]) || 1) : 3;
const pages = args.length ? args : ['/', '/login'];
const targets: Record<string, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
};
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  console.log('Building the web app (dist/web is missing)…');
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(1);
}

const server = await startServer({ LOG_LEVEL: 'error' });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const metricIds = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function audit(url: string): Promise<Lhr> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  return result.lhr;
}

/** One run, repeated (up to twice more) when Chromium reports a runtime error instead of scores. */
async function auditWithRetry(url: string): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await audit(url);
    if (!lhr.runtimeError || attempt === 3) return lhr;
    console.warn(`  (${url}: ${lhr.runtimeError.code}; running again)`);
  }
}

const score = (lhr: Lhr, c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** What the median run (by performance) lost points on. */
function lostPoints(page: string, lhr: Lhr): string[] {
  const notes: string[] = [];
  for (const c of categories) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9)
        notes.push(`${page}: [${c}] ${a.id}: ${a.title} (${a.displayValue ?? a.score})`);
    }
  }
  return notes;
}

let missed = false;
try {
  console.log(
    `Lighthouse ${lighthouseVersion}, mobile preset, median of ${runs} run(s), on ${server.url}\n`,
  );
  console.log(['page', ...categories].map((c) => c.padEnd(16)).join(''));
  const notes: string[] = [];
  for (const page of pages) {
    const results: Lhr[] = [];
    for (let i = 0; i < runs; i++) results.push(await auditWithRetry(`${server.url}${page}`));
    const row = categories.map((c) => {
      const value = median(results.map((r) => score(r, c)));
      const target = targets[c];
      const low = target !== undefined && value < target;
      if (low) missed = true;
      return `${value}${low ? ` (<${target})` : ''}`;
    });
    console.log([page, ...row].map((c) => c.padEnd(16)).join(''));
    const byPerf = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const mid = byPerf[Math.floor(byPerf.length / 2)]!;
    const all = results.map((r) => score(r, 'performance')).join('/');
    notes.push(
      `${page}: performance runs ${all}; ${metricIds.map((id) => `${id} ${mid.audits[id]?.displayValue ?? '?'}`).join(', ')}`,
    );
    notes.push(...lostPoints(page, mid));
  }
  console.log(`\n${notes.join('\n')}`);
  console.log(missed ? '\nSome targets were missed.' : '\nAll targets met.');
} finally {
  chrome.kill();
  await server.stop();
}
process.exit(missed ? 1 : 0);
