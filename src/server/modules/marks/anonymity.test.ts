import { describe, expect, it } from 'vitest';
import { masked, type Anonymity } from './anonymity.service';

// The reply mask on its own: a fixed anonymity of three students.
const anon: Anonymity = {
  pseudonymOf: (id) =>
    ({ ann: 'Student 3', ben: 'Student 1', cat: 'Student 2' })[id] ?? 'Student ?',
  rankOf: (id) => ({ ann: 3, ben: 1, cat: 2 })[id] ?? 99,
  notSubmitted: [],
  bySubmission: new Map([
    ['s-ann', 'Student 3'],
    ['s-ben', 'Student 1'],
    ['s-cat', 'Student 2'],
  ]),
  hidden: new Map([
    ['Ann Lee', 'Student 3'],
    ['ann@school.example', 'Student 3'],
    ['Ben Ng', 'Student 1'],
    ['Cat Ong', 'Student 2'],
  ]),
};

describe('masked', () => {
  it('names each submission by pseudonym, wherever the name is', () => {
    const reply = {
      changes: [{ submissionId: 's-ann', studentName: 'Ann Lee', from: 1, to: 2 }],
      detail: { id: 's-ben', studentName: 'Ben Ng', email: 'ann@school.example' },
      comment: 'Well done, Ann Lee',
      other: null,
      count: 3,
    };
    expect(masked(reply, anon)).toEqual({
      changes: [{ submissionId: 's-ann', studentName: 'Student 3', from: 1, to: 2 }],
      detail: { id: 's-ben', studentName: 'Student 1', email: 'Student 3' },
      // The teacher's own words are hers: only exact names and addresses are replaced.
      comment: 'Well done, Ann Lee',
      other: null,
      count: 3,
    });
  });

  it('puts a list in name order into the shuffled order, and keeps any other order', () => {
    const byName = ['s-ann', 's-ben', 's-cat'].map((id, i) => ({
      submissionId: id,
      studentName: ['Ann Lee', 'Ben Ng', 'Cat Ong'][i],
    }));
    expect(
      (masked(byName, anon) as Array<{ studentName: string }>).map((r) => r.studentName),
    ).toEqual(['Student 1', 'Student 2', 'Student 3']);
    const byDate = [byName[2], byName[0]];
    expect(
      (masked(byDate, anon) as Array<{ studentName: string }>).map((r) => r.studentName),
    ).toEqual(['Student 2', 'Student 3']);
  });
});
