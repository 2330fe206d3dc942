import { describe, expect, it } from 'vitest';
import { gradeAnswers, prepareAssignment } from '.';
import type { AnswerResult, ExtractedDocument, TeacherMark } from './types';

// A three-question biology paper, as a teacher tried it: "Mark these first", then evaluate again.
const doc = (text: string): ExtractedDocument => ({
  status: 'ok',
  text,
  pages: [],
  ocrConfidence: null,
});
const PAPER =
  'Q1. What is photosynthesis? [10 marks]\nQ2. What is respiration? [10 marks]\nQ3. Name the site of photosynthesis. [4 marks]';
const MODEL = [
  '1. Photosynthesis is the process by which green plants use light energy to make glucose from carbon dioxide and water. Oxygen is released as a by-product.',
  '2. Respiration releases energy from glucose in every living cell. Aerobic respiration uses oxygen and produces carbon dioxide and water. Anaerobic respiration releases less energy without oxygen.',
  '3. Photosynthesis takes place in the chloroplasts, which contain chlorophyll.',
].join('\n');
const ANSWERS = {
  excellent:
    '1. Plants use light energy to make glucose from carbon dioxide and water, and oxygen is given off.\n2. Respiration releases energy from glucose in cells. Aerobic respiration needs oxygen and makes carbon dioxide and water. Anaerobic respiration gives less energy without oxygen.\n3. In the chloroplasts, which have chlorophyll.',
  weak: '1. Plants make food from sunlight.\n2. Respiration is breathing.\n3. In the leaves.',
  partial:
    '1. Plants make glucose using light.\n2. Respiration releases energy.\n3. In the chloroplasts.',
  none: '1. Plants grow in soil.\n2. I do not know.\n3. The roots.',
  good: '1. Photosynthesis uses light to make glucose from carbon dioxide and water.\n2. Respiration releases energy from glucose, using oxygen.\n3. Chloroplasts.',
};
type Id = keyof typeof ANSWERS;

const prepared = prepareAssignment({
  modelAnswer: doc(MODEL),
  questionPaper: doc(PAPER),
  totalMarks: 24,
});
const answers = Object.entries(ANSWERS).map(([id, text]) => ({ id, document: doc(text) }));

function grade(teacherMarks?: TeacherMark[]) {
  const out = new Map<Id, Extract<AnswerResult, { status: 'graded' }>>();
  for (const r of gradeAnswers(prepared, answers, { teacherMarks }))
    if (r.status === 'graded') out.set(r.id as Id, r);
  return out;
}
const q = (r: { questions: Array<{ marks: number }> } | undefined, n: number) =>
  r!.questions[n - 1]!.marks;

describe('calibration on the teacher’s marks', () => {
  const before = grade();

  it('reads the excellent answer as right before any teacher marks', () => {
    expect(q(before.get('excellent'), 1)).toBeGreaterThanOrEqual(9.5);
    expect(before.get('excellent')!.confidence).toBe(0.9);
  });

  it('does not pull a clearly right answer down when the teacher marks weaker answers lower', () => {
    // The teacher marks two of the suggested answers well below the engine, per question.
    const after = grade([
      { id: 'weak', marks: 3, questions: { '1': 2, '2': 1, '3': 0 } },
      { id: 'partial', marks: 11, questions: { '1': 4, '2': 3, '3': 4 } },
    ]);
    const excellent = after.get('excellent')!;
    expect(excellent.questions.map((x) => x.marks)).toEqual(
      before.get('excellent')!.questions.map((x) => x.marks),
    );
    expect(excellent.confidence).toBe(0.9);
    // The weaker answers still follow the teacher.
    expect(q(after.get('none'), 1)).toBeLessThan(q(before.get('none'), 1));
  });

  it('takes only the questions the teacher marked as evidence, not the engine’s marks on the rest', () => {
    // The teacher sets question 3 of one answer to 0 and leaves questions 1 and 2 to the engine.
    const partial = before.get('partial')!;
    const after = grade([
      { id: 'partial', marks: partial.marks - q(partial, 3), questions: { '3': 0 } },
    ]);
    for (const id of ['excellent', 'good', 'weak'] as const)
      for (const n of [1, 2]) expect(q(after.get(id), n), `${id} q${n}`).toBe(q(before.get(id), n));
  });

  it('lowers the confidence and says why on the answer when it moves a mark far from the engine’s reading', () => {
    const after = grade([
      { id: 'weak', marks: 3, questions: { '1': 2, '2': 1, '3': 0 } },
      { id: 'partial', marks: 11, questions: { '1': 4, '2': 3, '3': 4 } },
    ]);
    // "Plants grow in soil." reads to the engine as worth more than half of question 1.
    const none = after.get('none')!;
    const moved = none.questions.find((x) => x.number === '1')!;
    expect(moved.marks).toBeLessThan(q(before.get('none'), 1));
    expect(moved.calibration).toEqual({
      engineMarks: q(before.get('none'), 1),
      note: expect.stringMatching(
        /^Calibrated on your marks for question 1: you marked the 2 answers to it that count here lower/,
      ),
    });
    expect(moved.calibration!.note).toContain(`from ${q(before.get('none'), 1)} to ${moved.marks}`);
    expect(none.confidence).toBeLessThan(before.get('none')!.confidence);
    expect(none.needsReview).toBe(true);
    expect(none.reviewReasons).toContain('moved-by-calibration');
    // An answer the run did not move says nothing of calibration.
    expect(after.get('excellent')!.questions.every((x) => !x.calibration)).toBe(true);
  });

  it('still follows the teacher on right answers when she marks a right answer lower', () => {
    const after = grade([{ id: 'good', marks: 12, questions: { '1': 5, '2': 5, '3': 2 } }]);
    expect(q(after.get('excellent'), 1)).toBeLessThan(q(before.get('excellent'), 1));
  });
});
