import { describe, expect, it } from 'vitest';
import { otherQuestionsChanged } from './regrade-changes';

describe('otherQuestionsChanged', () => {
  it('names the other questions whose marks the regrade changed, and only those', () => {
    expect(
      otherQuestionsChanged('1', { '1': 1, '2': 1.5, '3': 2 }, { '1': 2, '2': 1, '3': 2 }),
    ).toBe('Another question changed too (question 2: 1.5 → 1): the whole answer is marked again.');
    expect(otherQuestionsChanged('1', { '1': 1, '2': 1, '3': 0 }, { '1': 2, '2': 2, '3': 1 })).toBe(
      'Other questions changed too (question 2: 1 → 2, question 3: 0 → 1): the whole answer is marked again.',
    );
  });

  it('says nothing when only the corrected question changed', () => {
    expect(otherQuestionsChanged('1', { '1': 1, '2': 1 }, { '1': 2, '2': 1 })).toBeNull();
    expect(otherQuestionsChanged('1', {}, { '1': 2, '2': 1 })).toBeNull();
  });
});
