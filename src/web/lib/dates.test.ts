import { describe, expect, it } from 'vitest';
import {
  currentZoneName,
  formatDate,
  formatDateTime,
  formatDeadline,
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
