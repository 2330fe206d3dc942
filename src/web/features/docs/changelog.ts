/** One release of CHANGELOG.md: its version, date (YYYY-MM-DD) and the change lines. */
export interface ChangelogEntry {
  version: string;
  date: string;
  changes: string[];
}

const releaseHeading = /^##\s+v?(\d+\.\d+\.\d+(?:-[\w.]+)?)\s+[—–-]\s+(\d{4}-\d{2}-\d{2})\s*$/;

/** Orders versions: 1.10.0 after 1.9.0; a pre-release (1.0.0-beta) before its release. */
export function compareVersions(a: string, b: string): number {
  const [coreA = '', preA] = a.split('-', 2);
  const [coreB = '', preB] = b.split('-', 2);
  const pa = coreA.split('.').map(Number);
  const pb = coreB.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA < preB ? -1 : 1;
}

/**
 * Reads the releases of a changelog written as `## vX.Y.Z — YYYY-MM-DD` headings followed by
 * `- ` lines (indented lines continue the previous one). Newest first, whatever the file's order.
 */
export function parseChangelog(md: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let current: ChangelogEntry | null = null;
  for (const line of md.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = releaseHeading.exec(line);
    if (heading) {
      current = { version: heading[1]!, date: heading[2]!, changes: [] };
      entries.push(current);
    } else if (/^#{1,2}\s/.test(line)) {
      current = null;
    } else if (current && /^[-*]\s+/.test(line)) {
      current.changes.push(line.replace(/^[-*]\s+/, '').trim());
    } else if (current && current.changes.length && /^\s+\S/.test(line)) {
      current.changes[current.changes.length - 1] += ` ${line.trim()}`;
    }
  }
  return entries.sort(
    (a, b) => compareVersions(b.version, a.version) || b.date.localeCompare(a.date),
  );
}

/** "2026-11-22" as "22 November 2026", without time-zone drift. */
export function formatReleaseDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
