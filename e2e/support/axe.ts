import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const axePath = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');

/** One axe-core finding, reduced to what a failing test should print. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's script, read once per worker. */
let axeSource: string | undefined;

/**
 * Runs axe-core on the page as it is now and returns the serious and critical violations. The
 * script goes in through the DevTools protocol, which the page's Content-Security-Policy does not
 * govern: the page is checked with its real policy in force.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // Once per document: a page the app changed without reloading still has it (about 0.25 s of
  // CPU to parse each time).
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= fs.readFileSync(axePath, 'utf8');
    await page.evaluate(axeSource);
  }
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: object): Promise<AxeRunResult> } }).axe;
    // Every rule still runs; `resultTypes` only spares axe from collecting every node that
    // passed (axe's own advice for speed): the violations come back whole.
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
}

interface AxeRunResult {
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{ target: string[] }>;
  }>;
}
