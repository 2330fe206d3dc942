import { describe, expect, it } from 'vitest';
import { deadlineInstant } from './assignments';
import { isTimeZone, zonedToUtc } from './time-zones';

const utc = (wall: string, zone: string) =>
  new Date(zonedToUtc(Date.parse(`${wall}Z`), zone)).toISOString();

describe('time zones', () => {
  it('knows IANA names and refuses the rest', () => {
    for (const ok of ['UTC', 'Europe/London', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata'])
      expect(isTimeZone(ok)).toBe(true);
    for (const bad of ['Mars/Olympus', '', 'Europe/London; drop table', '../etc', 'x'.repeat(80)])
      expect(isTimeZone(bad)).toBe(false);
  });

  it('finds the instant of a wall-clock time on either side of a clock change', () => {
    expect(utc('2026-10-24T09:00', 'Europe/London')).toBe('2026-10-24T08:00:00.000Z');
    expect(utc('2026-10-26T09:00', 'Europe/London')).toBe('2026-10-26T09:00:00.000Z');
    // 01:30 happens twice on 25 October: the first; 01:30 on 29 March never: an hour on
    expect(utc('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(utc('2026-03-29T01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(utc('2026-12-01T09:00', 'Asia/Kolkata')).toBe('2026-12-01T03:30:00.000Z');
  });

  it('reads a deadline as sent: a date, a day and time in a zone, or an instant', () => {
    expect(deadlineInstant('2026-12-01')).toBe('2026-12-01T23:59:59.999Z');
    expect(deadlineInstant('2026-12-01', 'America/New_York')).toBe('2026-12-02T04:59:59.999Z');
    expect(deadlineInstant('2026-12-01T09:00', 'Europe/Berlin')).toBe('2026-12-01T08:00:00.000Z');
    expect(deadlineInstant('2026-12-01T09:00:00+05:30', 'Europe/Berlin')).toBe(
      '2026-12-01T03:30:00.000Z',
    );
  });
});
