import { describe, expect, it } from 'vitest';
import { correctSpelling, spellingTargets } from './spelling';

describe('correctSpelling', () => {
  const targets = spellingTargets(
    'In a parallel circuit each light has its own path. The house is wired by reference.',
  );

  it('reads a misspelt reference word as the reference spells it', () => {
    expect(correctSpelling('passed by refrence in a paralel circut', targets)).toBe(
      'passed by reference in a parallel circuit',
    );
  });

  it('keeps another form of a reference word as the student wrote it', () => {
    // "circuits" and "houses" are no misspellings of "circuit" and "house": the text the teacher
    // reads beside the marks is the student's
    expect(correctSpelling('Parallel circuits are cheaper. Houses use them.', targets)).toBe(
      'Parallel circuits are cheaper. Houses use them.',
    );
  });
});
