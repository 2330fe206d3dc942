import type { SimilarityReport as EngineReport } from '../../../grading/similarity';

// Reports are made when asked and kept in this process's memory (REPORTS of them, least recently
// used out) by what they were made from (see compareHandIns' key): the hand-ins compared, each
// with its reading's size and reader version, and the papers left out. Asking again costs three
// small queries (no reading is loaded) until a hand-in comes, is read or goes. Each process of a
// deployment keeps its own; a report is small (at most 200 pairs with their passages).

const REPORTS = 32;
const reports = new Map<string, EngineReport>();
/** Reports being made, so that requests arriving together make one. */
const making = new Map<string, Promise<EngineReport>>();

let made = 0;

/** Forgets every report kept (tests and the benchmark start from nothing). */
export function forgetReports() {
  reports.clear();
}

/** How many reports this process has made, not answered from those kept (for tests). */
export const reportsMade = () => made;

function keep(key: string, report: EngineReport) {
  if (reports.size >= REPORTS) reports.delete(reports.keys().next().value!);
  reports.set(key, report);
}

/** The report for `key`: kept, being made, or made now from the texts. */
export async function reportFor(key: string, make: () => Promise<EngineReport>) {
  const kept = reports.get(key);
  if (kept) {
    reports.delete(key);
    reports.set(key, kept);
    return kept;
  }
  let pending = making.get(key);
  if (!pending) {
    made++;
    pending = make().finally(() => making.delete(key));
    making.set(key, pending);
  }
  const report = await pending;
  keep(key, report);
  return report;
}
