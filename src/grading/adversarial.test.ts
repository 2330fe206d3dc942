import { describe, expect, it } from 'vitest';
import { gradeBatch } from '.';
import { textPdf } from './testing/make-pdf';
import type { AnswerResult, TeacherMark } from './types';
import { isNonAnswer } from './verdict';

/** A two-question paper on stacks and queues, graded as PDFs through the app's path. */
const PAPER =
  '1. What order does a stack follow, and how are its elements added and removed? [5 marks]\n' +
  '2. What order does a queue follow, and where are its elements added and removed? [5 marks]';
const MODEL =
  '1. A stack follows last in, first out (LIFO) order. Elements are added with push and removed with pop from the top of the stack.\n' +
  '2. A queue follows first in, first out (FIFO) order. Elements are added at the rear with enqueue and removed from the front with dequeue.';

const GOOD_1 = [
  'A stack follows last in first out (LIFO) order. You add elements with push and you remove them with pop from the top.',
  'It is LIFO: last in, first out. Elements are added with push and removed with pop at the top of the stack.',
  'A stack follows last in first out order, so elements are added by push and removed by pop from the top.',
  'Stacks use LIFO order. Push adds an element on the top and pop removes the top element.',
  'The last element added is the first removed (LIFO). Push adds elements and pop removes them from the top.',
];
const GOOD_2 = [
  'A queue follows first in first out (FIFO) order. Elements are added at the rear with enqueue and removed from the front with dequeue.',
  'It is FIFO: first in, first out. Enqueue adds at the rear and dequeue removes from the front of the queue.',
  'A queue is first in first out, so elements join at the rear by enqueue and leave from the front by dequeue.',
  'Queues use FIFO order. Enqueue adds an element at the back and dequeue removes the element at the front.',
  'The first element added is the first removed (FIFO); enqueue adds at the rear and dequeue takes from the front.',
];

const sheet = (one: string, two: string) => `1. ${one}\n2. ${two}`;

/** What a student who wants marks without knowing the answer would hand in, for question 1. */
const TRICKS = {
  otherQuestion: sheet(GOOD_2[0]!, GOOD_2[1]!),
  keywords: sheet('pop order stack push top elements removed added first last LIFO', GOOD_2[2]!),
  offTopic: sheet(
    'Photosynthesis turns sunlight, water and carbon dioxide into glucose in the leaves of green plants. The French Revolution began in 1789 when the people of Paris stormed the Bastille.',
    GOOD_2[3]!,
  ),
  question: sheet(
    'What order does a stack follow, and how are its elements added and removed?',
    GOOD_2[4]!,
  ),
  refusal: sheet("I don't know.", GOOD_2[0]!),
  repeated: sheet(
    'A stack follows last in first out order. A stack follows last in first out order. A stack follows last in first out order. A stack follows last in first out order.',
    GOOD_2[1]!,
  ),
};

async function grade(teacherMarks?: TeacherMark[]): Promise<Record<string, AnswerResult>> {
  const answers: Record<string, string> = {
    ...Object.fromEntries(GOOD_1.map((g, i) => [`good${i}`, sheet(g, GOOD_2[i]!)])),
    ...TRICKS,
  };
  const results = await gradeBatch({
    modelAnswer: { kind: 'pdf', bytes: await textPdf(MODEL) },
    questionPaper: { kind: 'pdf', bytes: await textPdf(PAPER) },
    totalMarks: 10,
    answers: await Promise.all(
      Object.entries(answers).map(async ([id, text]) => ({
        id,
        input: { kind: 'pdf' as const, bytes: await textPdf(text) },
      })),
    ),
    teacherMarks,
  });
  return Object.fromEntries(results.map((r) => [r.id, r]));
}

function q1(r: AnswerResult | undefined) {
  if (r?.status !== 'graded') throw new Error('expected a graded result');
  return { answer: r, q: r.questions[0]! };
}

describe('answers that try to earn marks without the knowledge', () => {
  it('splits the model answer into whole key points, never fragments', async () => {
    const { q } = q1((await grade()).good0);
    expect([...q.matched, ...q.missing]).toEqual([
      'A stack follows last in, first out (LIFO) order',
      'Elements are added with push and removed with pop from the top of the stack',
    ]);
  });

  it('gives full marks, before and after an unrelated teacher correction, when every key point is stated', async () => {
    const before = q1((await grade()).good0);
    expect(before.q.missing).toEqual([]);
    expect(before.q.marks).toBe(5);
    const after = q1((await grade([{ id: 'good3', marks: 4 }])).good0);
    expect(after.q.missing).toEqual([]);
    expect(after.q.marks).toBe(5);
  });

  it('says an answer to another question is one, and keeps it to a small share', async () => {
    const { answer, q } = q1((await grade()).otherQuestion);
    expect(q.note).toBe('This reads as an answer to question 2, not to this one.');
    expect(q.marks).toBeLessThanOrEqual(0.5);
    expect(q.matched).toEqual([]);
    expect(answer.reviewReasons).toContain('answers-other-question');
    expect(answer.feedback).toMatch(/Your answer reads as one to question 2, not to this one/);
  });

  it('credits no key point to the model answer’s words shuffled into a list, and says why', async () => {
    const { answer, q } = q1((await grade()).keywords);
    expect(q.matched).toEqual([]);
    expect(q.marks).toBeLessThanOrEqual(1);
    expect(answer.reviewReasons).toContain('keyword-list');
    expect(answer.feedback).toMatch(/lists terms without sentences/);
  });

  it('gives an off-topic answer a low mark and a flag that agree', async () => {
    const { answer, q } = q1((await grade()).offTopic);
    expect(q.marks).toBeLessThanOrEqual(0.5);
    expect(q.matched).toEqual([]);
    expect(answer.needsReview).toBe(true);
    expect(
      answer.reviewReasons.some((r) => r === 'off-topic' || r === 'answers-other-question'),
    ).toBe(true);
  });

  it('marks down the question copied out as the answer', async () => {
    const { answer, q } = q1((await grade()).question);
    expect(q.marks).toBeLessThanOrEqual(0.5);
    expect(answer.reviewReasons).toContain('repeats-question');
  });

  it('gives a refusal nothing', async () => {
    const { answer, q } = q1((await grade()).refusal);
    expect(q.marks).toBe(0);
    expect(answer.reviewReasons).toContain('no-answer');
  });

  it('reads a refusal however a scan ends it, and not an answer that goes on', () => {
    // a scan's full stop is often read as a comma
    for (const t of ['i dont know,', "I don't know;", 'No idea:', 'I do not know.'])
      expect(isNonAnswer(t), t).toBe(true);
    // as students type them: a straight quote for the apostrophe, a slip, other words for it
    for (const t of [
      'i don"t know.',
      'i dint know.',
      'I still dont know',
      'i do not understand',
      'I"m not sure of the answer!',
      'no clue',
      'tell me the answer',
      'i give up.',
      'I forgot',
    ])
      expect(isNonAnswer(t), t).toBe(true);
    for (const t of [
      'I dont know, maybe it rises.',
      'No idea, but the bulb gets dimmer.',
      'I do not understand why it rises, but it does because the air is warmer.',
      'Tell the answer to the class',
    ])
      expect(isNonAnswer(t), t).toBe(false);
  });

  it('counts a repeated sentence once and flags the repetition', async () => {
    const { answer, q } = q1((await grade()).repeated);
    expect(answer.reviewReasons).toContain('repeated-text');
    expect(q.missing).toEqual([
      'Elements are added with push and removed with pop from the top of the stack',
    ]);
    expect(q.marks).toBeLessThan(5);
  });

  it('gives a good answer to the right question its marks without a flag', async () => {
    const results = await grade();
    for (const id of ['good0', 'good2']) {
      const { answer } = q1(results[id]);
      expect(answer.reviewReasons).toEqual([]);
      expect(answer.marks).toBeGreaterThanOrEqual(8);
    }
  });
});

describe('the model answer’s words rearranged, on a one-question assignment', () => {
  const question = 'What happens to the salt water left in the sun, and why?';
  const model =
    'The water evaporates in the heat of the sun and leaves the salt crystals behind in the dish.';
  const answers = {
    copy: model,
    own: 'The sun heats the water so it evaporates, and the salt crystals are left behind in the dish.',
    shuffled: 'salt heat is dish the crystals sun of evaporates water is behind the leaves',
  };

  async function gradeOne(): Promise<Record<string, AnswerResult>> {
    const results = await gradeBatch({
      modelAnswer: { kind: 'pdf', bytes: await textPdf(model) },
      questionPaper: { kind: 'pdf', bytes: await textPdf(question) },
      totalMarks: 4,
      answers: await Promise.all(
        Object.entries(answers).map(async ([id, text]) => ({
          id,
          input: { kind: 'pdf' as const, bytes: await textPdf(text) },
        })),
      ),
    });
    return Object.fromEntries(results.map((r) => [r.id, r]));
  }

  it('flags the words shuffled with small words between them, and never gives them full marks', async () => {
    const results = await gradeOne();
    const { answer, q } = q1(results.shuffled);
    expect(answer.reviewReasons).toContain('model-words-reordered');
    expect(answer.needsReview).toBe(true);
    expect(q.marks).toBeLessThan(4);
    // the model answer copied out and a student's own sentence are not flagged
    expect(q1(results.copy).answer.reviewReasons).not.toContain('model-words-reordered');
    expect(q1(results.copy).q.marks).toBe(4);
    expect(q1(results.own).answer.reviewReasons).not.toContain('model-words-reordered');
  });
});
