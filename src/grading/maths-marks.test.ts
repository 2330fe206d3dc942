import { describe, expect, it } from 'vitest';
import { analyseAnswer, gradeAnswers, prepareAssignment, questionFeedback, keyPointName } from '.';
import type { AnswerResult, ExtractedDocument, PrepareArgs } from '.';

/**
 * Mathematics through the path the app grades by (prepareAssignment → gradeAnswers): key points
 * that are quantities, equations or steps are marked by what the engine read, and every mark
 * agrees with its finding. The readings themselves are tested in src/grading/maths.
 */

const text = (t: string): ExtractedDocument => ({
  status: 'ok',
  text: t,
  pages: [
    { number: 1, text: t, source: 'text', ocrConfidence: null, imageText: '', hasImages: false },
  ],
  ocrConfidence: null,
});

const PAPER = [
  '1. Write the equation for the final velocity v of a body that starts at velocity u and accelerates at a for a time t. [2 marks]',
  '2. State the acceleration of free fall near the Earth. [2 marks]',
  '3. A car of mass m = 1200 kg accelerates uniformly from rest to 20 m/s in 4.0 s. Calculate its acceleration and the resultant force on it. [4 marks]',
].join('\n');
const MODEL = [
  '1. v = u + at',
  '2. g = 9.8 m/s²',
  '3. a = (v − u)/t = (20 − 0)/4.0 = 5.0 m/s²',
  'F = m a = 1200 × 5.0 = 6000 N',
].join('\n');

function prepare(extra: Partial<PrepareArgs> = {}) {
  return prepareAssignment({
    modelAnswer: text(MODEL),
    questionPaper: text(PAPER),
    totalMarks: 8,
    ...extra,
  });
}

function grade(answers: string[], extra: Partial<PrepareArgs> = {}) {
  const prepared = prepare(extra);
  return gradeAnswers(
    prepared,
    answers.map((a, i) => ({ id: `s${i}`, document: text(a) })),
  ).map(graded);
}

function graded(r: AnswerResult) {
  if (r.status !== 'graded') throw new Error('expected a graded result');
  return r;
}

const RIGHT =
  '1. v = u + at\n2. g = 9.8 m/s²\n3. a = (20 - 0)/4 = 5 m/s²\nF = ma = 1200 × 5 = 6000 N';

describe('mathematics in the marks', () => {
  it('reads each line of a calculation as its own key point', () => {
    const q = prepare().questions;
    expect(q.map((x) => x.keyPoints.map((p) => p.maths?.kind))).toEqual([
      ['equation'],
      ['quantity'],
      ['step', 'step'],
    ]);
    // Symbols keep their case: a capital A would be another quantity.
    expect(q[2]!.keyPoints.map((p) => p.phrase)).toEqual([
      'a = (v − u)/t = (20 − 0)/4.0 = 5.0 m/s²',
      'F = m a = 1200 × 5.0 = 6000 N',
    ]);
  });

  it('gives full marks to the right answer and to the same written another way', () => {
    const [right, other] = grade([
      RIGHT,
      '1. v − u = a t\n2. g = 9.81 m s^-2\n3. a = 20/4.0 = 5.0 m s⁻²\nF = 1200 × 5 N = 6.0 kN',
    ]);
    expect(right!.questions.map((q) => q.marks)).toEqual([2, 2, 4]);
    expect(other!.questions.map((q) => q.marks)).toEqual([2, 2, 4]);
    expect(other!.questions[0]!.maths![0]!.verdict).toMatch(/right|equivalent/);
  });

  it('gives nothing for a sign error and names it', () => {
    const [r] = grade(['1. v = u - at\n2. g = -9.8 m/s²\n3. a = 5 m/s²\nF = 6000 N']);
    const [q1, q2] = r!.questions;
    expect(q1!.marks).toBe(0);
    expect(q1!.maths![0]!.verdict).toBe('wrong-sign');
    expect(q2!.marks).toBe(0);
    expect(q2!.maths![0]!.verdict).toBe('wrong-sign');
    expect(r!.feedback).toMatch(/sign/i);
  });

  it('gives the share the teacher set for the right value with a wrong unit, and says why', () => {
    const [r] = grade(['1. v = u + at\n2. g = 9.8 m/s\n3. a = 5 m/s²\nF = 6000 N'], {
      maths: { '2': { wrongUnitShare: 0.5 } },
    });
    const q2 = r!.questions[1]!;
    expect(q2.marks).toBe(1);
    expect(q2.maths![0]!.verdict).toBe('wrong-unit');
    expect(q2.matched).toEqual([]);
    expect(r!.feedback).toMatch(/unit/i);
  });

  it('names a wrong order of magnitude and gives it nothing', () => {
    const [r] = grade(['1. v = u + at\n2. g = 98 m/s²\n3. a = 5 m/s²\nF = 6000 N']);
    expect(r!.questions[1]!.marks).toBe(0);
    expect(r!.questions[1]!.maths![0]!.verdict).toBe('wrong-magnitude');
  });

  it('credits a later step done right with an earlier wrong value (error carried forward)', () => {
    const [carried, finalOnly] = grade([
      '1. v = u + at\n2. g = 9.8 m/s²\n3. a = 20/5 = 4 m/s²\nF = ma = 1200 × 4 = 4800 N',
      '1. v = u + at\n2. g = 9.8 m/s²\n3. F = 6000 N',
    ]);
    const q3 = carried!.questions[2]!;
    expect(q3.maths!.map((f) => f.verdict)).toEqual(['wrong-value', 'carried-error']);
    expect(q3.marks).toBe(2);
    // The right final number with no working earns the final step's share only.
    expect(finalOnly!.questions[2]!.marks).toBe(2);
  });

  it('keeps a tolerance the teacher set', () => {
    const answers = ['1. v = u + at\n2. g = 9.5 m/s²\n3. a = 5 m/s²\nF = 6000 N'];
    expect(grade(answers)[0]!.questions[1]!.marks).toBe(0);
    expect(grade(answers, { maths: { '2': { tolerance: 0.05 } } })[0]!.questions[1]!.marks).toBe(2);
  });

  it("marks by the teacher's corrected reading when she gives one", () => {
    const prepared = prepare();
    const doc = text('1. v = u + at\n2. g = 9.8 m/s²\n3. a = 5 m/s²\nF = 6000 N');
    if (doc.status !== 'ok') throw new Error('unreachable');
    const misread = analyseAnswer(prepared, doc, { readings: { '2': 'g = 98 m/s²' } });
    expect(misread.questions[1]!.maths![0]!.verdict).toBe('wrong-magnitude');
    expect(analyseAnswer(prepared, doc).questions[1]!.maths![0]!.verdict).toMatch(/right/);
  });

  it('names the verdict but not the expected value while the model answer is private', () => {
    const [r] = grade(['1. v = u + at\n2. g = 9.8 m/s\n3. a = 5 m/s²\nF = 6000 N']);
    const q2 = r!.questions[1]!;
    const hidden = questionFeedback(q2, keyPointName);
    expect(hidden).toMatch(/wrong unit/i);
    // Only what the student wrote is quoted back.
    expect(hidden.split(q2.maths![0]!.read!).join('')).not.toMatch(/9\.8|m\/s/);
  });

  it('gives a list of guesses, a denial or formulas alone no more than a teacher would', () => {
    const [hedged, denied, formulas] = grade([
      '1. v = u + at, or v = u − at\n2. g = 9.8 or 98 m/s²\n3. a = 4 or 5 m/s²\nF = 4800 N or 6000 N',
      '1. It is not v = u + at\n2. g is not 9.8 m/s²\n3. a = 5 m/s²\nF is not 6000 N',
      '1. v = u + at\n2. g = 9.8 m/s²\n3. a = (v − u)/t\nF = ma',
    ]);
    expect(hedged!.questions.map((q) => q.marks)).toEqual([0, 0, 0]);
    expect(hedged!.feedback).toMatch(/Different values given for g/);
    expect(denied!.questions.map((q) => q.marks)).toEqual([0, 0, 2]);
    expect(formulas!.questions[2]!.marks).toBe(2);
    expect(formulas!.questions[2]!.maths!.map((f) => f.verdict)).toEqual([
      'method-only',
      'method-only',
    ]);
  });

  it('asks the teacher to look when part of the working could not be read', () => {
    const [r] = grade([`${RIGHT}\nThen 10^10^10 = x`, RIGHT]);
    expect(r!.questions[2]!.reasons).toContain('maths-unreadable');
    expect(r!.questions[2]!.marks).toBe(4);
  });

  it('leaves questions of words to the words', () => {
    const prepared = prepareAssignment({
      modelAnswer: text('Plants make glucose from carbon dioxide and water using light energy.'),
      totalMarks: 4,
    });
    expect(prepared.questions[0]!.keyPoints.every((p) => !p.maths)).toBe(true);
  });
});

describe('a bare value in the quantity’s unit', () => {
  it('is the student’s answer: a wrong one is marked wrong and named, not "not found"', () => {
    const prepared = prepareAssignment({
      modelAnswer: text('Q3. V = I x R = 2 A x 6 ohm = 12 V.'),
      questionPaper: text(
        'Q3. A current of 2 A flows through a 6 ohm resistor. What is the voltage across it? [3 marks]',
      ),
      totalMarks: 3,
    });
    const results = gradeAnswers(
      prepared,
      ['Q3. 8 V', 'Q3. 8 volts', 'Q3. 12 V', 'Q3. It gets warm.'].map((t, i) => ({
        id: `s${i}`,
        document: text(t),
      })),
    );
    const findings = results.map((r) =>
      r.status === 'graded' ? r.questions[0]!.maths!.map((m) => [m.verdict, m.read]) : [],
    );
    expect(findings).toEqual([
      [['wrong-value', '8 V']],
      [['wrong-value', '8 V']],
      [['right', '12 V']],
      [['not-found', null]],
    ]);
    const wrong = results[0]!;
    if (wrong.status !== 'graded') throw new Error('not graded');
    expect(wrong.marks).toBe(0);
    expect(wrong.feedback).toContain('8 V');
  });
});
