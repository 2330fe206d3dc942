import { describe, expect, it } from 'vitest';
import { gradeBatch } from '.';

const PAPER = '1. Describe photosynthesis. [8 marks]';
const MODEL =
  '1. Photosynthesis takes place in the chloroplasts of leaf cells. Chlorophyll absorbs light energy. The plant takes in carbon dioxide and water and makes glucose. Oxygen is released as a by-product.';
const ANSWERS = {
  right:
    '1. Photosynthesis happens in the chloroplasts of leaf cells. Chlorophyll absorbs light energy. The plant takes in carbon dioxide and water and makes glucose. Oxygen is released as a by-product.',
  partial: '1. The plant takes in carbon dioxide and water and makes glucose in the chloroplasts.',
  // One key point stated, two stated the other way round.
  contradicts:
    '1. Chlorophyll gives off light energy. The plant takes in oxygen and gives out carbon dioxide. Photosynthesis happens at night.',
  weak: '1. Plants are green and grow in the garden when it is sunny.',
};

describe('an answer that states the opposite of some key points and another one', () => {
  it('keeps no more than the share of the key points it states, and says what it contradicts', async () => {
    const results = await gradeBatch({
      modelAnswer: { kind: 'text', text: MODEL },
      questionPaper: { kind: 'text', text: PAPER },
      totalMarks: 8,
      answers: Object.entries(ANSWERS).map(([id, text]) => ({
        id,
        input: { kind: 'text' as const, text },
      })),
    });
    const r = results.find((x) => x.id === 'contradicts');
    if (r?.status !== 'graded') throw new Error('expected a graded result');
    const q = r.questions[0]!;
    expect(q.contradicted).toContain('Chlorophyll absorbs light energy');
    expect(q.marks).toBeLessThanOrEqual((8 * q.matched.length) / 4);
    expect(r.reviewReasons).toContain('contradicts-model');
    expect(r.feedback).toMatch(/Contradicts: "Chlorophyll absorbs light energy"/);
  });
});

describe('a question with a key point stated', () => {
  it('keeps at least half a mark when the teacher’s marks on other answers pull it down', async () => {
    const results = await gradeBatch({
      modelAnswer: { kind: 'text', text: MODEL },
      questionPaper: { kind: 'text', text: PAPER },
      totalMarks: 8,
      answers: Object.entries(ANSWERS).map(([id, text]) => ({
        id,
        input: { kind: 'text' as const, text },
      })),
      teacherMarks: [
        { id: 'partial', marks: 0 },
        { id: 'weak', marks: 0 },
      ],
    });
    const r = results.find((x) => x.id === 'contradicts');
    if (r?.status !== 'graded') throw new Error('expected a graded result');
    const q = r.questions[0]!;
    expect(q.matched.length).toBeGreaterThan(0);
    expect(q.marks).toBeGreaterThanOrEqual(0.5);
  });
});
