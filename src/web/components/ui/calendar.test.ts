import { describe, expect, it } from 'vitest';
import { addDays, addMonths, longDate, monthGrid, shortDate, toIsoDate } from './calendar';

describe('calendar', () => {
  it('lays a month out in Monday-first weeks', () => {
    // 1 March 2027 is a Monday; 31 days fill five weeks
    const weeks = monthGrid(2027, 2);
    expect(weeks[0]![0]).toBe('2027-03-01');
    expect(weeks).toHaveLength(5);
    expect(weeks[4]!.filter(Boolean)).toEqual(['2027-03-29', '2027-03-30', '2027-03-31']);
  });

  it('pads the first week before the first day', () => {
    // 1 February 2026 is a Sunday
    const weeks = monthGrid(2026, 1);
    expect(weeks[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]![6]).toBe('2026-02-01');
  });

  it('moves across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-01-15', -1)).toBe('2026-12-15');
  });

  it('writes dates for people', () => {
    expect(longDate('2027-03-03')).toBe('Wednesday 3 March 2027');
    expect(shortDate('2027-03-03')).toBe('03/03/2027');
    expect(toIsoDate(new Date(2027, 0, 5))).toBe('2027-01-05');
  });
});
