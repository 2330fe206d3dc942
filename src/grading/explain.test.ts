import { describe, expect, it } from 'vitest';
import { FULL_MARKS_PREFIX } from '../shared/evaluations';
import type { AnswerAnalysis } from './analyse';
import { ACCEPTED_BY_TEACHER, keyPointName, questionFeedback } from './explain';
import { resultOf } from './grade';
import type { AnswerScore } from './score-class';
import type { PreparedAssignment } from './types';

const POINTS = [
  'Aerobic respiration releases energy from glucose using oxygen',
  'Carbon dioxide and water are made as waste products',
  'It happens in the mitochondria of every living cell',
  'Anaerobic respiration releases less energy without oxygen',
];

/** One question worth `total`, its four key points, and an answer that states `hits` of them. */
function oneQuestion(total: number, share: number, hits: boolean[]) {
  const prepared: PreparedAssignment = {
    totalMarks: total,
    numbered: true,
    diagramKeywords: [],
    diagramShare: 0,
    questions: [
      {
        number: '1',
        total,
        questionText: 'Describe respiration.',
        modelText: POINTS.join('. '),
        keyPoints: POINTS.map((phrase) => ({ phrase, stems: [] })),
      },
    ],
  };
  const score: AnswerScore = {
    id: 'a',
    confidence: 0.9,
    reasons: [],
    questions: [{ share, hits, reasons: [], note: null }],
  };
  return resultOf(
    prepared,
    { keywords: null, questions: [{}] } as unknown as AnswerAnalysis,
    score,
  );
}

describe('a mark and its feedback agree', () => {
  it('never gives full marks to an answer told a key point is missing (the half-mark rounding kept the cap)', () => {
    // The rules cap a question with three of four key points at 0.9375 of its marks: 3.75 of 4,
    // which rounding to half marks turned into 4 / 4 beside "To improve, also explain …".
    for (const total of [2, 3, 4, 10]) {
      const r = oneQuestion(total, 0.9375, [true, true, true, false]);
      if (r.status !== 'graded') throw new Error('expected graded');
      expect(r.questions[0]!.missing).toEqual([POINTS[3]]);
      expect(r.questions[0]!.marks, `out of ${total}`).toBeLessThan(total);
      expect(r.feedback.startsWith(FULL_MARKS_PREFIX)).toBe(false);
    }
  });

  it('gives full marks when every key point is stated', () => {
    const r = oneQuestion(4, 1, [true, true, true, true]);
    if (r.status !== 'graded') throw new Error('expected graded');
    expect(r.questions[0]!.marks).toBe(4);
    expect(r.feedback.startsWith(FULL_MARKS_PREFIX)).toBe(true);
  });
});

describe('questionFeedback', () => {
  const q = { marks: 3, total: 4, matched: POINTS.slice(0, 3), missing: [POINTS[3]!] };

  it('quotes the key points by default', () => {
    expect(questionFeedback(q)).toContain(`"${POINTS[3]}"`);
  });

  it('names the key points without quoting them whole when asked to', () => {
    const text = questionFeedback(q, keyPointName);
    for (const p of POINTS) expect(text).not.toContain(p);
    expect(text).toContain('"Anaerobic respiration…"');
  });
});

describe('keyPointName', () => {
  it('keeps a third of the words, at most three, never the whole point', () => {
    expect(keyPointName('Anaerobic respiration releases less energy without oxygen')).toBe(
      'Anaerobic respiration…',
    );
    expect(keyPointName('Carbon dioxide')).toBe('Carbon…');
    expect(keyPointName('Mitochondria')).toBe('a key point');
    expect(keyPointName('The ohm')).toBe('a key point');
    expect(keyPointName('It happens in the mitochondria of every living cell')).toBe(
      'It happens in…',
    );
  });

  it('goes on to a word of content, and keeps a name that quotes nothing whole', () => {
    expect(keyPointName('If one light fails the others stay on')).toBe('If one light…');
    expect(keyPointName('In a parallel circuit each bulb has its own path')).toBe('In a parallel…');
    expect(keyPointName(ACCEPTED_BY_TEACHER)).toBe(ACCEPTED_BY_TEACHER);
    expect(keyPointName(`the rest of ${ACCEPTED_BY_TEACHER}`)).toBe(
      `the rest of ${ACCEPTED_BY_TEACHER}`,
    );
  });

  it('never quotes "a key point" in feedback: a point with no name is counted', () => {
    const q = {
      marks: 1,
      total: 4,
      matched: [ACCEPTED_BY_TEACHER],
      missing: ['The ohm', 'In a parallel circuit each bulb has its own path'],
    };
    const text = questionFeedback(q, keyPointName);
    expect(text).toBe(
      `You covered ${ACCEPTED_BY_TEACHER}. To improve, also explain "In a parallel…" and one more key point.`,
    );
    expect(questionFeedback({ ...q, matched: [], missing: ['The ohm'] }, keyPointName)).toBe(
      'Your answer should explain a key point.',
    );
  });
});

describe('a rule’s note in the student’s feedback', () => {
  const q = { marks: 0, total: 4, matched: [], missing: ['Bulb A goes out'] };
  it('speaks to the student about her answer', () => {
    expect(
      questionFeedback({
        ...q,
        note: 'The answer is not about this question.',
        reasons: ['off-topic'],
      }),
    ).toMatch(/^Your answer is not about this question\. /);
    expect(
      questionFeedback({
        ...q,
        note: 'This reads as an answer to question 2, not to this one.',
        reasons: ['answers-other-question'],
      }),
    ).toMatch(/^Your answer reads as one to question 2, not to this one\. /);
  });
});

describe('feedback that agrees with the marks', () => {
  it('says why every point covered still falls short of full marks', () => {
    const q = { total: 3, matched: ['Each light has its own path'], missing: [] };
    expect(questionFeedback({ ...q, marks: 2.5 })).toBe(
      'You covered "Each light has its own path". Some of them are stated only in part: say each one in full.',
    );
    expect(questionFeedback({ ...q, marks: 3 })).toBe('You covered "Each light has its own path".');
    // a question of 2.25 marks rounds to 2 at most: 2 is full marks
    expect(questionFeedback({ ...q, total: 2.25, marks: 2 })).not.toContain('only in part');
  });
});
