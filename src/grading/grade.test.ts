import { describe, expect, it } from 'vitest';
import { extractDocument, gradeAnswers, gradeBatch, prepareAssignment } from '.';
import { textPdf } from './testing/make-pdf';
import type { AnswerResult } from './types';

const PAPER =
  '1. What is the role of a prototype program in problem solving? [2 marks]\n2. What is a variable? [3 marks]';
const MODEL =
  '1. To simulate the behaviour of portions of the desired software product.\n2. A named location in memory that stores a value which can change.';
const ANSWERS = [
  '1. A prototype simulates portions of the desired software product.\n2. A variable is a location in memory with a name that stores a value.',
  '1. It simulates the behavior of parts of the software product.\n2. A named memory location storing a value.',
  '1. To simulate portions of the final product quickly.\n2. A location in memory that holds a value that can change.',
  '1. Prototypes help with problems.\n2. Something in math.',
  '1. I do not know.\n2. A loop that repeats.',
];

async function gradePdfs(
  teacherMarks?: { id: string; marks: number }[],
  answers = ANSWERS,
): Promise<AnswerResult[]> {
  return gradeBatch({
    modelAnswer: { kind: 'pdf', bytes: await textPdf(MODEL) },
    questionPaper: { kind: 'pdf', bytes: await textPdf(PAPER) },
    totalMarks: 10,
    answers: await Promise.all(
      answers.map(async (a, i) => ({
        id: `s${i}`,
        input: { kind: 'pdf' as const, bytes: await textPdf(a) },
      })),
    ),
    teacherMarks,
  });
}

function graded(r: AnswerResult | undefined) {
  if (r?.status !== 'graded') throw new Error('expected a graded result');
  return r;
}

describe('gradeAnswers', () => {
  it('grades numbered answers per question with the marks the question paper states', async () => {
    const results = await gradePdfs();
    const best = graded(results[0]);
    expect(best.questions.map((q) => [q.number, q.total])).toEqual([
      ['1', 4],
      ['2', 6],
    ]);
    for (const r of results.map(graded)) {
      expect(r.marks).toBe(r.questions.reduce((s, q) => s + q.marks, 0));
      for (const q of r.questions) {
        expect(q.marks * 2).toBe(Math.round(q.marks * 2));
        expect(q.marks).toBeGreaterThanOrEqual(0);
        expect(q.marks).toBeLessThanOrEqual(q.total);
      }
    }
    expect(best.marks).toBeGreaterThan(graded(results[4]).marks);
    // key points are whole statements of the model answer, never fragments
    expect(best.questions[0]!.matched).toEqual([
      'To simulate the behaviour of portions of the desired software product',
    ]);
    expect(graded(results[4]).questions[1]!.missing.length).toBeGreaterThan(0);
    expect(graded(results[4]).feedback).toMatch(/Question 2:/);
  });

  it('grades an answer numbered on one line per question, as a scan of it reads', async () => {
    const oneLine = (a: string) => a.replace('\n', ' ');
    const results = await gradePdfs(undefined, [
      ANSWERS[0]!,
      oneLine(ANSWERS[0]!),
      oneLine(ANSWERS[3]!),
    ]);
    const [lines, inline, poor] = results.map(graded);
    expect(inline!.reviewReasons).not.toContain('answer-not-numbered');
    expect(inline!.questions.map((q) => [q.number, q.marks])).toEqual(
      lines!.questions.map((q) => [q.number, q.marks]),
    );
    expect(inline!.feedback).toMatch(/Question 2:/);
    expect(poor!.marks).toBeLessThan(inline!.marks);
  });

  it('grades unnumbered answers as one question', async () => {
    const modelAnswer = await extractDocument({
      kind: 'text',
      text: 'To simulate the behaviour of portions of the desired software product.',
    });
    const prepared = prepareAssignment({ modelAnswer, totalMarks: 5 });
    expect(prepared.numbered).toBe(false);
    const docs = await Promise.all(
      ['It simulates portions of the desired product.', 'No idea.'].map((text) =>
        extractDocument({ kind: 'text', text }),
      ),
    );
    const [good, poor] = gradeAnswers(
      prepared,
      docs.map((document, i) => ({ id: String(i), document })),
    ).map(graded);
    expect(good!.questions).toHaveLength(1);
    expect(good!.marks).toBeGreaterThan(poor!.marks);
  });

  it('reports an unreadable answer as unreadable, never as a zero', async () => {
    const modelAnswer = await extractDocument({ kind: 'text', text: 'A model answer.' });
    const broken = await extractDocument({ kind: 'pdf', bytes: new Uint8Array([0, 1, 2]) });
    const [result] = gradeAnswers(prepareAssignment({ modelAnswer, totalMarks: 5 }), [
      { id: 'x', document: broken },
    ]);
    expect(result).toEqual({
      id: 'x',
      status: 'unreadable',
      reason: 'The file is not a readable PDF.',
      needsReview: true,
      total: 5,
    });
  });

  it('moves the other marks toward the teacher marks', async () => {
    const before = (await gradePdfs()).map(graded);
    const after = (
      await gradePdfs([
        { id: 's0', marks: 2 },
        { id: 's1', marks: 2 },
      ])
    ).map(graded);
    const others = (rs: typeof before): number => rs.slice(2).reduce((s, r) => s + r.marks, 0);
    expect(others(after)).toBeLessThan(others(before));
  });

  describe('answers a teacher judges at a glance', () => {
    const model =
      'Photosynthesis is how green plants make glucose from carbon dioxide and water using the energy of sunlight absorbed by chlorophyll in the chloroplasts, releasing oxygen.';
    const question = 'Explain photosynthesis.';
    const batch = {
      good: 'Plants use sunlight absorbed by chlorophyll to turn carbon dioxide and water into glucose, and oxygen is released.',
      weak: 'Plants make food using light and give off a gas.',
      copy: model,
      offTopic: 'I like football and Arsenal won at the weekend, which was fun.',
      refusal: "I don't know.",
      parrot: 'Explain photosynthesis. Photosynthesis explain.',
      aside: 'Plants grow towards the light because of a hormone called auxin.',
    };
    async function gradeBatchOf(texts: Record<string, string>) {
      const prepared = prepareAssignment({
        modelAnswer: await extractDocument({ kind: 'text', text: model }),
        questionPaper: await extractDocument({ kind: 'text', text: question }),
        totalMarks: 10,
      });
      const answers = await Promise.all(
        Object.entries(texts).map(async ([id, text]) => ({
          id,
          document: await extractDocument({ kind: 'text', text }),
        })),
      );
      return Object.fromEntries(
        gradeAnswers(prepared, answers).map((r) => [r.id, graded(r)] as const),
      );
    }

    it('gives the model answer itself full marks, trusted', async () => {
      const r = await gradeBatchOf(batch);
      expect(r.copy!.marks).toBe(10);
      expect(r.copy!.needsReview).toBe(false);
      expect(r.copy!.reviewReasons).toEqual([]);
    });

    it('gives nothing for "I don\'t know" and asks the teacher to look', async () => {
      const r = await gradeBatchOf(batch);
      expect(r.refusal!.marks).toBe(0);
      expect(r.refusal!.needsReview).toBe(true);
      expect(r.refusal!.reviewReasons).toContain('no-answer');
    });

    it('flags an off-topic answer and marks it below a weak but relevant one', async () => {
      const r = await gradeBatchOf(batch);
      expect(r.offTopic!.reviewReasons).toContain('off-topic');
      expect(r.offTopic!.needsReview).toBe(true);
      expect(r.offTopic!.marks).toBeLessThan(r.weak!.marks);
      expect(r.offTopic!.marks).toBeLessThan(r.good!.marks);
    });

    it('flags an answer loosely about the question that states no key point, and keeps it to half', async () => {
      const r = await gradeBatchOf(batch);
      for (const k of ['weak', 'aside'] as const) {
        expect(r[k]!.reviewReasons).toContain('no-key-point');
        expect(r[k]!.needsReview).toBe(true);
        expect(r[k]!.marks).toBeLessThanOrEqual(5);
        expect(r[k]!.questions[0]!.note).toBe('The answer states none of the key points.');
      }
    });

    it('flags an answer that only repeats the question and keeps it to a tenth at most', async () => {
      const r = await gradeBatchOf(batch);
      expect(r.parrot!.reviewReasons).toContain('repeats-question');
      expect(r.parrot!.marks).toBeLessThanOrEqual(1);
    });

    it('leaves a good answer alone', async () => {
      const r = await gradeBatchOf(batch);
      expect(r.good!.reviewReasons).toEqual([]);
      expect(r.good!.marks).toBeGreaterThan(r.weak!.marks);
    });
  });

  it('gives identical results on a second run', async () => {
    const first = JSON.stringify(await gradePdfs());
    expect(JSON.stringify(await gradePdfs())).toBe(first);
    expect(JSON.parse(first)).toHaveLength(ANSWERS.length);
  });
});
