import { describe, expect, it } from 'vitest';
import { gradeAnswers, prepareAssignment } from '.';
import { posFluency } from './fluency';
import { analyse } from './nlp';

const fluency = (t: string) => posFluency(analyse(t));
const text = (t: string) => ({ status: 'ok' as const, text: t, pages: [], ocrConfidence: null });

describe('fluency', () => {
  it('reads written sentences as more fluent than the same words strung together', () => {
    for (const [written, strung] of [
      ['Salt is left when the water evaporates.', 'salt leaving is water evaporated the'],
      ['A car is made of a lot of iron or steel.', 'car steel is lot iron the'],
    ] as const) {
      expect(fluency(written)).toBeGreaterThan(-2);
      expect(fluency(strung)).toBeLessThan(-2.3);
    }
    expect(fluency('')).toBe(0);
  });

  it('flags the model answer’s words strung together on a one-question assignment, not a written answer', () => {
    const prepared = prepareAssignment({
      modelAnswer: text('The water was evaporated, leaving the salt.'),
      questionPaper: text('How did you separate the salt from the water?'),
      totalMarks: 4,
    });
    const answers = {
      strung: 'salt leaving is water evaporated the',
      copied: 'The water was evaporated, leaving the salt.',
      written: 'Salt is left when the water evaporates.',
      other: 'We let the water evaporate and the salt was left.',
      wrong: 'We poured it through filter paper.',
    };
    const results = gradeAnswers(
      prepared,
      Object.entries(answers).map(([id, t]) => ({ id, document: text(t) })),
    );
    const by = Object.fromEntries(results.map((r) => [r.id, r]));
    const strung = by.strung!;
    expect(strung.status).toBe('graded');
    if (strung.status === 'graded') {
      expect(strung.reviewReasons).toContain('model-words-reordered');
      expect(strung.needsReview).toBe(true);
    }
    for (const id of ['copied', 'written']) {
      const r = by[id]!;
      expect(r.status === 'graded' && r.reviewReasons, id).not.toContain('model-words-reordered');
    }
    const copied = by.copied!;
    expect(copied.status === 'graded' && copied.marks).toBe(4);
  });

  it('flags a few of the model answer’s words left hanging on "is", "the" or "of", not a terse answer', () => {
    const prepared = prepareAssignment({
      modelAnswer: text('The bulb is damaged.'),
      questionPaper: text('What does it mean when the voltage reading jumps from 0 to 1.5?'),
      totalMarks: 4,
    });
    const answers = {
      hanging: 'damaged bulb is',
      the: 'bulb damaged the',
      terse: 'damaged bulb',
      written: 'The bulb is damaged.',
      there: 'there is a damaged bulb there is',
    };
    const results = gradeAnswers(
      prepared,
      Object.entries(answers).map(([id, t]) => ({ id, document: text(t) })),
    );
    const reasons = Object.fromEntries(
      results.map((r) => [r.id, r.status === 'graded' ? r.reviewReasons : []]),
    );
    expect(reasons.hanging).toContain('model-words-reordered');
    expect(reasons.the).toContain('model-words-reordered');
    for (const id of ['terse', 'written', 'there'])
      expect(reasons[id], id).not.toContain('model-words-reordered');
  });
});
