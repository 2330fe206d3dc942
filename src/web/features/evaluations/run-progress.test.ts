import { describe, expect, it } from 'vitest';
import type { EvaluationRun } from '../../../shared/evaluations';
import { runOutcome, runProgress } from './run-progress';

const run = (over: Partial<EvaluationRun>): EvaluationRun => ({
  id: 'r1',
  status: 'running',
  total: 10,
  read: 0,
  done: 0,
  failed: 0,
  error: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  suggested: [],
  changes: [],
  undoneAt: null,
  canUndo: false,
  submissionId: null,
  ...over,
});

describe('runProgress', () => {
  it('counts answers read while nothing is graded yet', () => {
    expect(runProgress(run({ status: 'queued' }))).toEqual({
      phase: 'reading',
      label: 'Reading answers 0 / 10',
      failedNote: null,
      value: 0,
      max: 10,
      percent: 0,
    });
    expect(runProgress(run({ read: 4 })).label).toBe('Reading answers 4 / 10');
  });

  it('caps the read count at the total (answers the teacher marked are read too)', () => {
    expect(runProgress(run({ read: 13 }))).toMatchObject({
      value: 10,
      label: 'Reading answers 10 / 10',
    });
  });

  it('switches to graded counts once results arrive, with unreadable answers noted apart', () => {
    expect(runProgress(run({ read: 10, done: 6, failed: 2 }))).toEqual({
      phase: 'grading',
      label: 'Graded 6 / 10',
      failedNote: '2 could not be read',
      value: 6,
      max: 10,
      percent: 60,
    });
  });

  // "Reading answers 4 / 5" once stood beside 80% and a bar about half full.
  it('gives the label, the percentage and the bar one fraction at every step of a run', () => {
    for (const total of [1, 3, 5, 7, 30]) {
      const steps: Partial<EvaluationRun>[] = [{ status: 'queued' }];
      for (let read = 0; read <= total; read++) steps.push({ read });
      for (let done = 0; done <= total; done++) {
        const failed = Math.min(done % 3, total - done);
        steps.push({ read: total, done, failed });
      }
      steps.push({ status: 'finished', read: total, done: total - 1, failed: 1 });
      for (const step of steps) {
        const p = runProgress(run({ total, ...step }));
        const [, shown, of] = /(\d+) \/ (\d+)$/.exec(p.label)!.map(Number);
        expect([shown, of], p.label).toEqual([p.value, p.max]);
        expect(p.percent, p.label).toBe(Math.floor((100 * p.value) / p.max));
      }
    }
    expect(runProgress(run({ status: 'finished', total: 0 })).percent).toBe(100);
  });

  it('shows a finished run as graded even when nothing was graded', () => {
    expect(runProgress(run({ status: 'finished', total: 0 }))).toMatchObject({
      phase: 'grading',
      label: 'Graded 0 / 0',
    });
  });
});

describe('runOutcome', () => {
  it('sums up a finished, failed or cancelled run', () => {
    expect(runOutcome(run({ status: 'finished', read: 10, done: 9, failed: 1 }))).toBe(
      'Graded 9 / 10; 1 could not be read.',
    );
    expect(runOutcome(run({ status: 'failed' }))).toBe('The evaluation stopped. Graded 0 / 10.');
    expect(runOutcome(run({ status: 'cancelled', done: 3 }))).toBe(
      'The evaluation was cancelled. Graded 3 / 10.',
    );
  });
});
