import { describe, expect, it } from 'vitest';
import { gradeBatch } from '.';
import { textPdf } from './testing/make-pdf';
import type { AnswerResult } from './types';

/**
 * Honest answers that look like tricks, and tricks that look like honest answers: each graded as
 * PDFs through the app's path, in a class of five or more.
 */
async function gradeClass(
  question: string,
  model: string,
  answers: Record<string, string>,
): Promise<Record<string, AnswerResult>> {
  const results = await gradeBatch({
    modelAnswer: { kind: 'pdf', bytes: await textPdf(model) },
    questionPaper: { kind: 'pdf', bytes: await textPdf(`${question} [5 marks]`) },
    totalMarks: 5,
    answers: await Promise.all(
      Object.entries(answers).map(async ([id, text]) => ({
        id,
        input: { kind: 'pdf' as const, bytes: await textPdf(text) },
      })),
    ),
  });
  return Object.fromEntries(results.map((r) => [r.id, r]));
}

function only(r: AnswerResult | undefined) {
  if (r?.status !== 'graded') throw new Error('expected a graded result');
  return { answer: r, q: r.questions[0]! };
}

const STACK_Q = 'What order does a stack follow, and how are its elements added and removed?';
const STACK_MODEL =
  'A stack follows last in, first out (LIFO) order. Elements are added with push and removed with pop from the top of the stack.';
const STACK_CLASS = {
  a: 'A stack follows last in first out order. Elements are added with push and removed with pop from the top.',
  b: 'Last in first out; push adds to the top and pop removes from the top.',
  c: 'Elements are pushed on the top and popped from the top, last in first out.',
  d: 'It is a list where you add things.',
};

describe('answers the engine must not mistake for tricks', () => {
  it('reads an acronym the model answer defines as its phrase', async () => {
    const { q } = only(
      (
        await gradeClass(STACK_Q, STACK_MODEL, {
          ...STACK_CLASS,
          lifo: 'Stacks are LIFO. Elements are added with push and removed with pop from the top.',
        })
      ).lifo,
    );
    expect(q.missing).toEqual([]);
    expect(q.marks).toBe(5);
  });

  it('forgives the misspelling of the model answer’s words', async () => {
    const results = await gradeClass(
      'How are arrays passed to functions in C++?',
      'Arrays are passed by reference.',
      {
        typo: 'by refrence',
        a: 'By reference.',
        b: 'They are passed by reference, so the function can change them.',
        c: 'by reference',
        d: 'The address of the first element is passed, which is passing by reference.',
      },
    );
    const { q } = only(results.typo);
    expect(q.missing).toEqual([]);
    expect(q.marks).toBe(5);
  });

  it('does not take a terse answer that restates the question for a copy of it', async () => {
    const results = await gradeClass(
      'What is the base case for a recursive implementation of merge sort?',
      'When the size of the array to be sorted is 1.',
      {
        restated: 'The base case for a recursive implementation of merge sort is one.',
        copied: 'What is the base case for a recursive implementation of merge sort?',
        a: 'When the array has one element.',
        b: 'An array of size 1 is already sorted.',
        c: 'When the size of the array is 1.',
        d: 'When the list cannot be split any more.',
      },
    );
    expect(only(results.restated).answer.reviewReasons).not.toContain('repeats-question');
    expect(only(results.copied).answer.reviewReasons).toContain('repeats-question');
  });

  it('takes a list as a fair answer when the model answer is itself a list', async () => {
    const { answer } = only(
      (
        await gradeClass(
          'What are the access specifiers of a C++ class?',
          'Private, public and protected.',
          {
            list: 'public, private, protected',
            a: 'Public and private and protected.',
            b: 'private and public',
            c: 'They are public, private and protected.',
            d: 'Public members and private members.',
          },
        )
      ).list,
    );
    expect(answer.reviewReasons).not.toContain('keyword-list');
  });
});

describe('answers with nothing of their own to credit', () => {
  it('keeps an answer with no term of the model answer to a tenth, however many classmates wrote it', async () => {
    const results = await gradeClass(
      'How many constructors can be created for a class?',
      'An unlimited number of constructors.',
      {
        one: 'One',
        one2: 'one',
        one3: 'Just one.',
        many: 'As many as you need, there is no limit.',
        unlimited: 'An unlimited number.',
        infinite: 'Infinitely many constructors.',
      },
    );
    const { q, answer } = only(results.one);
    expect(q.marks).toBeLessThanOrEqual(0.5);
    expect(q.note).toMatch(/none of the model answer’s terms/);
    // the teacher is asked to look: a terse answer may be right in words of its own
    expect(answer.reviewReasons).toContain('no-key-point');
    expect(only(results.unlimited).answer.reviewReasons).not.toContain('no-key-point');
  });

  it('counts the question’s own words as nothing of the answer’s own', async () => {
    const results = await gradeClass(
      'How many constructors can be created for a class?',
      'An unlimited number of constructors.',
      {
        perClass: 'Just one per class.',
        perClass2: 'One for each class.',
        many: 'As many as you need, there is no limit.',
        unlimited: 'An unlimited number.',
        infinite: 'Infinitely many constructors.',
        several: 'A class can have several constructors.',
      },
    );
    for (const id of ['perClass', 'perClass2']) {
      const { q } = only(results[id]);
      expect(q.marks).toBeLessThanOrEqual(0.5);
      expect(q.note).toMatch(/none of the model answer’s terms/);
    }
    expect(only(results.unlimited).q.marks).toBeGreaterThan(1);
  });

  it('leaves a formula to the model: "O(n)" has no word of its own but is not nothing', async () => {
    const results = await gradeClass(
      'What is the number of operations for insertion sort in the best case?',
      'N operations, for an array that is already sorted.',
      {
        formula: 'O(n)',
        sorted: 'n operations when the array is already sorted.',
        linear: 'Linear, for an already sorted array.',
        n: 'It takes n operations if the array is sorted.',
        best: 'When the array is sorted it needs n operations.',
        one: 'one',
      },
    );
    const { q } = only(results.formula);
    expect(q.note ?? '').not.toMatch(/none of the model answer’s terms/);
    expect(only(results.one).q.note).toMatch(/none of the model answer’s terms/);
  });
});
