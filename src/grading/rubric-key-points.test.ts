import { describe, expect, it } from 'vitest';
import { extractDocument, gradeAnswers, gradeBatch, prepareAssignment, rubricKeyPoint } from '.';

const read = (text: string) => extractDocument({ kind: 'text', text });

describe('a teacher rubric item as a key point', () => {
  it('credits an answer that states an accepted alternative, and only then', async () => {
    const prepared = prepareAssignment({
      modelAnswer: await read('1. A queue is a first in, first out list.'),
      questionPaper: await read('1. What is a queue? [4 marks]'),
      totalMarks: 4,
    });
    const q = prepared.questions[0]!;
    const item = { text: 'A queue is a first in, first out list', alternatives: [] as string[] };
    const answer = {
      id: 'a',
      document: await read('1. People are served in the order they arrive.'),
    };
    const others = await Promise.all(
      ['1. A queue is first in first out.', '1. Items leave a queue in the order they joined.'].map(
        async (t, i) => ({ id: `o${i}`, document: await read(t) }),
      ),
    );
    const matchedWith = (alternatives: string[]) => {
      q.keyPoints = [rubricKeyPoint({ ...item, alternatives }, q.questionText)];
      const [result] = gradeAnswers(prepared, [answer, ...others]);
      return result!.status === 'graded' ? result!.questions[0]!.matched : [];
    };
    expect(matchedWith([])).toEqual([]);
    expect(matchedWith(['Served in the order they arrive'])).toEqual([item.text]);
  });

  it('replaces the key points in prepareAssignment itself, so the CLI grades as the server does', async () => {
    const text = (t: string) => ({ kind: 'text' as const, text: t });
    const rubric = { '1': [{ text: 'Served in the order they arrive', alternatives: [] }] };
    const results = await gradeBatch({
      modelAnswer: text(
        '1. A queue is a first in, first out list.\n2. A stack is last in, first out.',
      ),
      questionPaper: text('1. What is a queue? [4 marks]\n2. What is a stack? [4 marks]'),
      totalMarks: 8,
      rubric,
      answers: [
        {
          id: 'a',
          input: text('1. People are served in the order they arrive.\n2. Last in, first out.'),
        },
        { id: 'b', input: text('1. A queue is first in first out.\n2. A stack is LIFO.') },
      ],
    });
    const first = results[0]!;
    expect(first.status === 'graded' && first.questions[0]!.matched).toEqual([
      'Served in the order they arrive',
    ]);
    expect(first.status === 'graded' && first.questions[1]!.matched).toEqual([
      'A stack is last in, first out',
    ]);
  });
});
