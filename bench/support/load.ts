/** Load generation and reporting for `npm run bench:http`. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { freePort } from '../../e2e/support/server';

const fmt = (n: number, digits = 0) => n.toFixed(digits);
const TICK_US = 10_000; // Linux reports CPU time in 1/100 s

/** CPU time (user + system) a process has used so far, in µs; null where /proc is missing. */
function cpuUs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return null;
  }
}

/** A measurement: autocannon's result and the server's CPU time per answered request. */
export interface Measured {
  result: Result;
  /** Server CPU µs per request: unlike req/s, hardly moved by other work on the machine. */
  cpuPerRequest: number | null;
}

/** `connections` clients asking for `url` back to back for `seconds`, watching the server process `pid`. */
export async function measure(
  url: string,
  connections: number,
  seconds: number,
  opts: { cookie?: string; pid?: number } = {},
): Promise<Measured> {
  const before = opts.pid ? cpuUs(opts.pid) : null;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
  const after = opts.pid ? cpuUs(opts.pid) : null;
  const answered = result['2xx'] + result.non2xx;
  const cpuPerRequest =
    before !== null && after !== null && answered ? (after - before) / answered : null;
  return { result, cpuPerRequest };
}

/** One line of figures: throughput, latency percentiles, server CPU, and how many answers were not 2xx. */
export const line = (label: string, { result: r, cpuPerRequest }: Measured) =>
  `${label}: ${fmt(r.requests.average)} req/s, latency p50 ${fmt(r.latency.p50)} ms, p99 ${fmt(r.latency.p99)} ms, ` +
  `max ${fmt(r.latency.max)} ms, ${cpuPerRequest === null ? '?' : fmt(cpuPerRequest)} µs server CPU a request ` +
  `(${r['2xx']} ok, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`;

/** A measured row of the summary table. */
export interface Row extends Measured {
  label: string;
}

/**
 * The summary: each row's req/s, p99 and server CPU a request, and its share of the
 * hello-world's req/s (and, steadier on a busy machine, the hello-world's CPU over its own);
 * then the targets for the dashboard list (≥ 10% of hello-world, p99 < 25 ms at 10 connections).
 */
export function summary(hello: Measured, rows: Row[], dashboard: Measured): string {
  const width = Math.max(...rows.map((r) => r.label.length));
  const cpuShare = (m: Measured) =>
    m.cpuPerRequest && hello.cpuPerRequest ? (100 * hello.cpuPerRequest) / m.cpuPerRequest : null;
  const out = rows.map((row) => {
    const share = (100 * row.result.requests.average) / hello.result.requests.average;
    const byCpu = cpuShare(row);
    return (
      `  ${row.label.padEnd(width)}  ${fmt(row.result.requests.average).padStart(6)} req/s  ` +
      `p99 ${fmt(row.result.latency.p99).padStart(3)} ms  ${fmt(share, 1).padStart(5)}% of hello-world` +
      (byCpu === null
        ? ''
        : `  (${fmt(row.cpuPerRequest!).padStart(4)} µs CPU a request: ${fmt(byCpu, 1).padStart(5)}% by CPU)`)
    );
  });
  const share = dashboard.result.requests.average / hello.result.requests.average;
  const p99 = dashboard.result.latency.p99;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  out.push(
    `  target: dashboard list ≥ 10% of hello-world: ${fmt(100 * share, 1)}% (${verdict(share >= 0.1)}); ` +
      `p99 < 25 ms: ${fmt(p99)} ms (${verdict(p99 < 25)})`,
  );
  return out.join('\n');
}

/** Starts the bare Fastify hello-world in its own process and measures it; stops it again. */
export async function measureHelloWorld(connections: number, seconds: number): Promise<Measured> {
  const port = await freePort();
  const script = path.join(import.meta.dirname, 'hello-world.mjs');
  const child = spawn(process.execPath, [script, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
    });
    return await measure(`http://127.0.0.1:${port}/`, connections, seconds, { pid: child.pid });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
