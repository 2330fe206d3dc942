import { describe, expect, it } from 'vitest';
import { extractDocument, gradeBatch, prepareAssignment } from '.';

const read = (text: string) => extractDocument({ kind: 'text', text });

const PAPER =
  '1. Describe photosynthesis. [8 marks]\n2. Explain respiration. [8 marks]\n3. What is diffusion? [4 marks]';
/** A model answer as a teacher writes it: each question with its marks at the end. */
const MODEL =
  '1. Photosynthesis takes place in the chloroplasts of leaf cells. Chlorophyll absorbs light energy. The plant takes in carbon dioxide and water and makes glucose. Oxygen is released as a by-product. [8 marks]\n' +
  '2. Respiration releases energy from glucose in every living cell. Aerobic respiration uses oxygen and produces carbon dioxide and water. (8 marks: 4 per point)\n' +
  '3. Diffusion is the net movement of particles from a high concentration to a low concentration. (4)';
const EXCELLENT =
  '1. Photosynthesis happens in the chloroplasts of the leaf cells. The chlorophyll absorbs light energy. The plant takes in carbon dioxide and water and uses them to make glucose. Oxygen is released as a by-product.\n' +
  '2. Respiration releases energy from glucose in all living cells. Aerobic respiration uses oxygen and produces carbon dioxide and water.\n' +
  '3. Diffusion is the net movement of particles from a high concentration to a low concentration.';

describe('a model answer with the marks written beside each question', () => {
  it('reads the marks notes as no key point', async () => {
    const prepared = prepareAssignment({
      modelAnswer: await read(MODEL),
      questionPaper: await read(PAPER),
      totalMarks: 20,
    });
    const points = prepared.questions.flatMap((q) => q.keyPoints.map((p) => p.phrase));
    expect(points).toHaveLength(7);
    for (const p of points) expect(p).not.toMatch(/marks|per point|\(4\)/);
    expect(prepared.questions.map((q) => q.modelText).join(' ')).not.toMatch(/marks|\(4\)/);
  });

  it('gives an answer that states every key point full marks, with nothing missing', async () => {
    const [result] = await gradeBatch({
      modelAnswer: { kind: 'text', text: MODEL },
      questionPaper: { kind: 'text', text: PAPER },
      totalMarks: 20,
      answers: [{ id: 'asha', input: { kind: 'text', text: EXCELLENT } }],
    });
    if (result?.status !== 'graded') throw new Error('expected a graded result');
    expect(result.questions.map((q) => q.missing)).toEqual([[], [], []]);
    expect(result.marks).toBe(20);
    expect(result.feedback).not.toMatch(/marks\]|To improve/);
  });
});
