import { describe, expect, it } from 'vitest';
import changelogFile from '../../../../CHANGELOG.md?raw';
import { compareVersions, formatReleaseDate, parseChangelog } from './changelog';

describe('parseChangelog', () => {
  it('reads each release with its date and change lines, newest first', () => {
    const md = [
      '# Changelog',
      '',
      'Intro text that is not a release.',
      '',
      '## v1.2.0 — 2026-12-01',
      '',
      '- Export grades as CSV.',
      '- A long line that',
      '  continues here.',
      '',
      '## v1.10.0 – 2027-02-01',
      '* Newest.',
      '## v1.9.0 - 2027-01-01',
      '- Older.',
      '## Unreleased',
      '- not shown',
    ].join('\n');
    expect(parseChangelog(md)).toEqual([
      { version: '1.10.0', date: '2027-02-01', changes: ['Newest.'] },
      { version: '1.9.0', date: '2027-01-01', changes: ['Older.'] },
      {
        version: '1.2.0',
        date: '2026-12-01',
        changes: ['Export grades as CSV.', 'A long line that continues here.'],
      },
    ]);
  });

  it('reads the project’s own CHANGELOG.md', () => {
    const entries = parseChangelog(changelogFile);
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(e.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.changes.length).toBeGreaterThan(0);
    }
  });
});

describe('compareVersions', () => {
  it('orders numerically and puts pre-releases first', () => {
    const sorted = ['1.10.0', '1.2.0', '1.0.0-beta', '1.0.0', '0.9.9'].sort(compareVersions);
    expect(sorted).toEqual(['0.9.9', '1.0.0-beta', '1.0.0', '1.2.0', '1.10.0']);
  });
});

describe('formatReleaseDate', () => {
  it('writes the day, month name and year', () => {
    expect(formatReleaseDate('2024-05-18')).toBe('18 May 2024');
  });
});
