import { describe, expect, it } from 'vitest';
import { gradeBatch } from '.';

/**
 * Golden marks: a small fixed batch graded through the app's path. Any change to the engine, its
 * rules or its weights that moves a mark shows here; when the change is intended, update the
 * numbers in the same commit and say why.
 */
const text = (t: string) => ({ kind: 'text' as const, text: t });

const PAPER =
  '1. What is a stack? [4 marks]\n2. What happens to bulb A when the switch is closed? [4 marks]';
const MODEL =
  '1. A stack is a list where the last item added is the first removed (last in, first out).\n' +
  '2. Bulb A gets dimmer because the current is shared.\nAlso accept: Bulb A is less bright.';
const ANSWERS = [
  '1. A stack is last in, first out: the last item added is removed first.\n2. Bulb A gets dimmer because the current is shared.',
  '1. The last thing you add to a stack is the first you take off.\n2. Bulb A is less bright.',
  '1. A stack is first in, first out.\n2. Bulb A gets brighter.',
  '1. A stack holds data.\n2. The bulb.',
  '1. I do not know.\n2. I do not know.',
  '1. stack last first added removed item list\n2. bulb dimmer current shared',
  '1. Items are pushed and popped from the top, so the newest one leaves first.\n2. It gets dimmer.',
  '1. What is a stack?\n2. What happens to bulb A when the switch is closed?',
];

describe('golden marks', () => {
  it('grades a fixed batch to the same marks', async () => {
    const results = await gradeBatch({
      modelAnswer: text(MODEL),
      questionPaper: text(PAPER),
      totalMarks: 8,
      answers: ANSWERS.map((a, i) => ({ id: `s${i}`, input: text(a) })),
    });
    const marks = results.map((r) =>
      r.status === 'graded' ? r.questions.map((q) => q.marks) : null,
    );
    expect(marks).toEqual(GOLDEN);
  });
});

/**
 * Marks per question of each answer above. Known limits they pin: "Bulb A gets brighter" against
 * "gets dimmer because the current is shared" addresses too little of the point to count as its
 * opposite (2.5), and "A stack is first in, first out" is not yet read as contradicting "last in,
 * first out" (3).
 */
const GOLDEN = [
  [4, 4],
  [3.5, 4],
  [3, 2.5],
  [2, 2.5],
  [0, 0],
  [1, 3],
  [3, 3],
  [0.5, 0.5],
];
