import { describe, expect, it } from 'vitest';
import { computeGradeStats, gradesCsvUrl, isActiveRun } from './evaluations';

describe('computeGradeStats', () => {
  it('gives average, median and highest of the marks that exist', () => {
    const stats = computeGradeStats([4, null, 9, 8.5], 10);
    expect(stats).toMatchObject({ count: 3, average: 7.17, median: 8.5, highest: 9 });
    expect(computeGradeStats([2, 4, 6, 10], 10).median).toBe(5);
  });

  it('puts each mark in one of equal buckets, the total in the last', () => {
    const { histogram } = computeGradeStats([0, 1.99, 2, 10, 9.5], 10, 5);
    expect(histogram).toEqual([
      { from: 0, to: 2, count: 2 },
      { from: 2, to: 4, count: 1 },
      { from: 4, to: 6, count: 0 },
      { from: 6, to: 8, count: 0 },
      { from: 8, to: 10, count: 2 },
    ]);
  });

  it('puts a mark on a bucket edge in the bucket it starts, despite float rounding', () => {
    // 0.6 / 0.2 is 2.9999999999999996 in floating point
    const { histogram } = computeGradeStats([0.6], 2);
    expect(histogram.findIndex((b) => b.count === 1)).toBe(3);
    expect(histogram[3]).toMatchObject({ from: 0.6, to: 0.8 });
  });

  it('has empty figures without marks, and one bucket for a 0-mark assignment', () => {
    expect(computeGradeStats([null, null], 10)).toMatchObject({
      count: 0,
      average: null,
      median: null,
      highest: null,
    });
    expect(computeGradeStats([0], 0).histogram).toEqual([{ from: 0, to: 0, count: 1 }]);
  });
});

describe('run helpers', () => {
  it('treats queued and running runs as active', () => {
    expect(isActiveRun({ status: 'queued' })).toBe(true);
    expect(isActiveRun({ status: 'running' })).toBe(true);
    expect(isActiveRun({ status: 'finished' })).toBe(false);
    expect(isActiveRun(null)).toBe(false);
  });

  it('escapes the class code in the CSV address', () => {
    expect(gradesCsvUrl('AB/C')).toBe('/api/assignments/AB%2FC/grades.csv');
    expect(gradesCsvUrl('ABC', 'America/Argentina/Buenos_Aires')).toBe(
      '/api/assignments/ABC/grades.csv?timeZone=America%2FArgentina%2FBuenos_Aires',
    );
  });
});
