import { describe, expect, it } from 'vitest';
import { safeNext, withNext } from './return-to';

describe('safeNext', () => {
  it('keeps a dashboard path with its query and hash', () => {
    expect(safeNext('/dashboard')).toBe('/dashboard');
    expect(safeNext('/dashboard/assignment/K7PQXMA?x=1#top')).toBe(
      '/dashboard/assignment/K7PQXMA?x=1#top',
    );
  });

  it.each([
    ['https://evil.example/dashboard'],
    ['//evil.example/dashboard'],
    ['/\\evil.example/dashboard'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['/dashboard/../login'],
    ['/login'],
    ['/dashboardx'],
    ['/dash\nboard'],
    [''],
    [null],
  ])('refuses %j', (raw) => {
    expect(safeNext(raw)).toBeNull();
  });
});

describe('withNext', () => {
  it('adds a safe next and drops an unsafe one', () => {
    expect(withNext('/login', '/dashboard/support')).toBe('/login?next=%2Fdashboard%2Fsupport');
    expect(withNext('/login', 'https://evil.example')).toBe('/login');
  });
});
