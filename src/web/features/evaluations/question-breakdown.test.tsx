import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { QuestionBreakdown as Question } from '../../../shared/evaluations';
import { QuestionBreakdown } from './question-breakdown';

const question: Question = {
  number: '1',
  marks: 1,
  total: 4,
  matched: ['Water evaporates.'],
  missing: ['The sun heats the water.'],
  contradicted: ['The water soaks into the ground.'],
};

/** The breakdown as the teacher's screen reader reads it: its text, tags dropped. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('QuestionBreakdown', () => {
  it('lists the key points an answer contradicts in words, apart from those it misses', () => {
    const html = renderToStaticMarkup(<QuestionBreakdown questions={[question]} />);
    expect(text(html)).toContain(
      'Missing key points The sun heats the water. Contradicted key points Contradicts: The water soaks into the ground.',
    );
    // not by colour alone: the words say it, and its icon is the warning, not the cross
    expect(html).toMatch(/<li[^>]*amber[^>]*>.*?<path d="M12 9v4/s);
  });

  it('lists none for an answer that contradicts nothing, or a result made before they were kept', () => {
    for (const contradicted of [[], undefined]) {
      const html = renderToStaticMarkup(
        <QuestionBreakdown questions={[{ ...question, contradicted }]} />,
      );
      expect(text(html)).not.toContain('Contradict');
      expect(text(html)).toContain('Matched key points Water evaporates.');
    }
  });
});
