import { describe, expect, it } from 'vitest';
import type { AnswerAnalysis } from '../../grading';
import { questionGroups } from './score-run';

/** An analysed answer that wrote `words[qi]` stems to question qi. */
const answer = (words: number[]) => ({
  analysis: { questions: words.map((n) => ({ raw: Array(n).fill('w') })) } as AnswerAnalysis,
});

describe('questionGroups', () => {
  it('balances the questions over the readers by how much the class wrote', () => {
    // Question 0 is as long as the other three together.
    const answers = [answer([30, 10, 10, 10]), answer([30, 10, 10, 10])];
    expect(questionGroups(answers, 4, 2)).toEqual([[0], [1, 2, 3]]);
    // Every question is scored exactly once, whatever the readers.
    for (const readers of [1, 2, 3, 8]) {
      const groups = questionGroups(answers, 4, readers);
      expect(groups.length).toBe(Math.min(readers, 4));
      expect(groups.flat().sort()).toEqual([0, 1, 2, 3]);
    }
  });

  it('counts a question an answer skipped as a little work', () => {
    const answers = [answer([5]), answer([5, 5, 5])];
    expect(questionGroups(answers, 3, 2)).toEqual([[0], [1, 2]]);
  });
});
