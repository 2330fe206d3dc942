import { describe, expect, it } from 'vitest';
import { markedPieces } from './marked-text';

describe('markedPieces', () => {
  it('cuts the text at its passages in text order, numbered as given', () => {
    const text = 'one two three four five six';
    expect(
      markedPieces(text, [
        [14, 18],
        [4, 7],
      ]),
    ).toEqual([
      { text: 'one ', passage: null },
      { text: 'two', passage: 2 },
      { text: ' three ', passage: null },
      { text: 'four', passage: 1 },
      { text: ' five six', passage: null },
    ]);
  });

  it('shows an overlapping passage from where the one before ends, and keeps every character', () => {
    const text = 'abcdefghij';
    const pieces = markedPieces(text, [
      [2, 6],
      [4, 8],
      [5, 6],
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces).toEqual([
      { text: 'ab', passage: null },
      { text: 'cdef', passage: 1 },
      { text: 'gh', passage: 2 },
      { text: 'ij', passage: null },
    ]);
  });
});
