import { describe, expect, it } from 'vitest';
import { segment, segmentInline, statedMarks, stripMarkNotes, stripMarks } from './segment';

describe('segment', () => {
  it.each([
    ['Q1 first\nQ2 second', ['1', '2']],
    ['1. first\n2. second\n3. third', ['1', '2', '3']],
    ['1) first\n2) second', ['1', '2']],
    ['(a) first\n(b) second', ['a', 'b']],
    ['Question 1: first\nQuestion 2: second', ['1', '2']],
    ['Ans 1 first\nAns. 2 second', ['1', '2']],
  ])('finds the numbering in %j', (text, numbers) => {
    expect(segment(text)?.map((s) => s.number)).toEqual(numbers);
    expect(segment(text)?.[0]?.text).toBe('first');
  });

  it('ignores numbers that do not count up from one', () => {
    expect(
      segment('3. a stray line\n1. first\nsee 2. in text\n2. second')?.map((s) => s.text),
    ).toEqual(['first\nsee 2. in text', 'second']);
  });

  it('returns null for unnumbered text, so the whole document is one answer', () => {
    expect(segment('A prototype simulates the product.\nIt helps find risks.')).toBeNull();
    expect(segment('1. only one numbered part')).toBeNull();
  });
});

describe('segmentInline', () => {
  it('splits answers numbered on one line, as a scan reads them', () => {
    expect(
      segmentInline('1. The water evaporates because the sun heats it. 2. Plants make food.'),
    ).toEqual([
      { number: '1', text: 'The water evaporates because the sun heats it.' },
      { number: '2', text: 'Plants make food.' },
    ]);
    // a number inside a sentence is not a question's; one after a sentence's end is
    expect(segmentInline('1. It costs 3. 2. Leaves make food.')).toEqual([
      { number: '1', text: 'It costs 3.' },
      { number: '2', text: 'Leaves make food.' },
    ]);
    expect(segmentInline('1. It takes 2 steps. Then 3 more.')).toBeNull();
  });

  it('splits nothing unless the text starts with 1.', () => {
    expect(segmentInline('The answer is 2. Then 3. Then more.')).toBeNull();
    expect(segmentInline('Water evaporates. 1. Heat. 2. Wind.')).toBeNull();
    expect(segmentInline('1. One answer only.')).toBeNull();
  });
});

describe('statedMarks', () => {
  it.each([
    ['Explain recursion. [5 marks]', 5],
    ['Explain recursion. (5)', 5],
    ['Explain recursion (2.5 marks)', 2.5],
    ['Explain recursion. 4 marks', 4],
    ['Explain recursion.', null],
  ])('reads %j', (text, marks) => {
    expect(statedMarks(text)).toBe(marks);
  });

  it('strips the marks note from the question text', () => {
    expect(stripMarks('Explain recursion. [5 marks]')).toBe('Explain recursion.');
  });
});

describe('stripMarkNotes', () => {
  it.each([
    ['Oxygen is released. [8 marks]', 'Oxygen is released.'],
    ['Aerobic respiration uses oxygen. (8 marks: 2 per point)', 'Aerobic respiration uses oxygen.'],
    [
      'Diffusion is net movement. (4)\n2. Osmosis is water.',
      'Diffusion is net movement.\n2. Osmosis is water.',
    ],
    ['The pass mark is 30 marks out of 40.', 'The pass mark is 30 marks out of 40.'],
    ['a[3] is the fourth element of a.', 'a[3] is the fourth element of a.'],
    ['(a) A cell is the smallest unit of life.', '(a) A cell is the smallest unit of life.'],
  ])('turns %j into %j', (text, out) => {
    expect(stripMarkNotes(text)).toBe(out);
  });
});
