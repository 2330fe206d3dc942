import { describe, expect, it } from 'vitest';
import { latePenalty, lateByText, ownDeadline, penaltyPercentFor } from './late-penalty';

const HOUR = 3600;
const perDay = (penaltyPercent: number) => ({ penaltyKind: 'per-day' as const, penaltyPercent });
const fixed = (penaltyPercent: number) => ({ penaltyKind: 'fixed' as const, penaltyPercent });

describe('latePenalty', () => {
  it('is nothing for a hand-in on time', () => {
    expect(latePenalty(15, 0, perDay(50))).toBeNull();
  });

  it('takes the percent of the marks per started 24 hours', () => {
    expect(penaltyPercentFor(1, perDay(10))).toBe(10);
    expect(penaltyPercentFor(24 * HOUR, perDay(10))).toBe(10);
    expect(penaltyPercentFor(24 * HOUR + 1, perDay(10))).toBe(20);
    expect(latePenalty(15, 28 * HOUR, perDay(10))).toEqual({
      lateSeconds: 28 * HOUR,
      lateBy: '1 day 4 h',
      penaltyPercent: 20,
      penalisedMarks: 12,
    });
  });

  it('takes a fixed share once, however late', () => {
    expect(latePenalty(15, 10 * 24 * HOUR, fixed(25))?.penalisedMarks).toBe(11.25);
    expect(latePenalty(15, 60, fixed(25))?.penalisedMarks).toBe(11.25);
  });

  it('never goes below 0 nor takes more than 100%', () => {
    expect(latePenalty(18, 4 * 24 * HOUR, perDay(30))).toMatchObject({
      penaltyPercent: 100,
      penalisedMarks: 0,
    });
    expect(latePenalty(18, HOUR, fixed(100))?.penalisedMarks).toBe(0);
  });

  it('rounds to 2 decimals and keeps unmarked answers unmarked', () => {
    expect(latePenalty(7, HOUR, fixed(33.33))?.penalisedMarks).toBe(4.67);
    expect(latePenalty(null, HOUR, fixed(10))).toMatchObject({ penalisedMarks: null });
  });
});

describe('lateByText', () => {
  it.each([
    [1, '1 min'],
    [59 * 60, '59 min'],
    [2 * HOUR, '2 h'],
    [3 * HOUR + 5 * 60, '3 h 5 min'],
    [24 * HOUR, '1 day'],
    [28 * HOUR + 59, '1 day 4 h'],
    [50 * HOUR, '2 days 2 h'],
  ])('%i seconds late is "%s"', (seconds, text) => expect(lateByText(seconds)).toBe(text));
});

describe('ownDeadline', () => {
  it('is the extension only when it is later than the deadline', () => {
    const deadline = '2026-12-01T09:00:00.000Z';
    expect(ownDeadline(deadline, null)).toBe(deadline);
    expect(ownDeadline(deadline, '2026-12-03T09:00:00.000Z')).toBe('2026-12-03T09:00:00.000Z');
    expect(ownDeadline(deadline, '2026-11-30T09:00:00.000Z')).toBe(deadline);
  });
});
