import { describe, expect, it } from 'vitest';
import {
  currentZoneName,
  formatDate,
  formatDateTime,
  formatDeadline,
  formatDeadlineNear,
  dayAndTimeIn,
  relativeDeadline,
  zonedInstant,
  localDateTimeInput,
  localDay,
  localInstant,
  localTime,
  timeZoneName,
} from './dates';

describe('dates', () => {
  it('writes day/month/year', () => {
    expect(formatDate(new Date(2026, 11, 31, 12))).toBe('31/12/2026');
  });

  it('makes the deadline the picked local day and time, and reads them back', () => {
    const at = localInstant('2027-03-04', '09:05')!;
    expect(new Date(at).getTime()).toBe(new Date(2027, 2, 4, 9, 5).getTime());
    expect([localDay(at), localTime(at)]).toEqual(['2027-03-04', '09:05']);
    expect(localTime(localInstant('2027-03-04', '23:59')!)).toBe('23:59');
    expect(localDateTimeInput(at)).toBe('2027-03-04T09:05');
    expect(localDateTimeInput(null)).toBe('');
  });

  it('refuses a time that is not one', () => {
    for (const t of ['', '9:00', '24:00', '10:60', 'noon'])
      expect(localInstant('2027-03-04', t)).toBeNull();
    expect(localInstant('', '09:00')).toBeNull();
  });

  it('shows a deadline with its time (24-hour) and the time zone by name', () => {
    const at = new Date(2026, 10, 23, 9, 0).toISOString();
    expect(formatDateTime(at)).toBe('23/11/2026, 09:00');
    expect(formatDeadline(at)).toBe(`23/11/2026, 09:00 (${timeZoneName()})`);
    expect(timeZoneName()).toBe(currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone));
    expect(formatDateTime(new Date(2026, 10, 23, 0, 30).toISOString())).toBe('23/11/2026, 00:30');
  });

  it('names a zone as people know it today', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('Europe/London')).toBe('Europe/London');
  });
});

describe('relativeDeadline', () => {
  const now = new Date(2026, 10, 26, 10, 0);
  const at = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m).toISOString();
  it('says how soon a deadline is, in minutes, hours, today, tomorrow or days', () => {
    expect(relativeDeadline(new Date(now.getTime() + 30_000).toISOString(), now)).toBe(
      'due in less than a minute',
    );
    expect(relativeDeadline(at(26, 10, 1), now)).toBe('due in 1 minute');
    expect(relativeDeadline(at(26, 10, 45), now)).toBe('due in 45 minutes');
    expect(relativeDeadline(at(26, 13, 30), now)).toBe('due in 3 hours');
    expect(relativeDeadline(at(26, 23, 59), now)).toBe('due today at 23:59');
    expect(relativeDeadline(at(27, 9), now)).toBe('due tomorrow at 09:00');
    expect(relativeDeadline(at(30, 9), now)).toBe('due in 4 days');
    expect(relativeDeadline(new Date(2026, 11, 20).toISOString(), now)).toBeNull();
  });

  it('says how long ago a deadline closed', () => {
    expect(relativeDeadline(at(26, 10, 0), now)).toBe('closed just now');
    expect(relativeDeadline(at(26, 9, 59), now)).toBe('closed 1 minute ago');
    expect(relativeDeadline(at(26, 8, 0), now)).toBe('closed 2 hours ago');
    expect(relativeDeadline(at(26, 1, 0), now)).toBe('closed today at 01:00');
    expect(relativeDeadline(at(25, 23, 0), now)).toBe('closed yesterday at 23:00');
    expect(relativeDeadline(at(24, 12, 0), now)).toBe('closed 2 days ago');
    expect(relativeDeadline(at(10, 12, 0), now)).toBeNull();
  });

  it('puts the phrase after the date and time when near', () => {
    expect(formatDeadlineNear(at(26, 13, 30), now)).toBe(
      `${formatDeadline(at(26, 13, 30))}, due in 3 hours`,
    );
    expect(formatDeadlineNear(at(1, 9), now)).toBe(formatDeadline(at(1, 9)));
  });
});

describe('deadlines in a named time zone', () => {
  it('reads a day and time in the zone as its instant, across a clock change', () => {
    expect(zonedInstant('2026-10-24', '09:00', 'Europe/London')).toBe('2026-10-24T08:00:00.000Z');
    expect(zonedInstant('2026-10-26', '09:00', 'Europe/London')).toBe('2026-10-26T09:00:00.000Z');
    expect(zonedInstant('2026-12-01', '23:59', 'America/New_York')).toBe(
      '2026-12-02T04:59:00.000Z',
    );
    expect(zonedInstant('2026-12-01', '09:00', 'Mars/Olympus')).toBeNull();
    expect(zonedInstant('2026-12-01', '25:00', 'UTC')).toBeNull();
  });

  it('puts an instant back as the day and time it reads in the zone', () => {
    expect(dayAndTimeIn('2026-12-02T04:59:00.000Z', 'America/New_York')).toEqual({
      day: '2026-12-01',
      time: '23:59',
    });
    expect(dayAndTimeIn('2026-10-24T08:00:00.000Z', 'Europe/London')).toEqual({
      day: '2026-10-24',
      time: '09:00',
    });
  });
});
