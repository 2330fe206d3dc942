import { describe, expect, it } from 'vitest';
import { cardExcerpt } from './format';

describe('cardExcerpt', () => {
  it('keeps the first 15 words and adds an ellipsis', () => {
    const text = Array.from({ length: 20 }, (_, i) => `w${i + 1}`).join(' ');
    expect(cardExcerpt(text)).toBe('w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15…');
  });

  it('collapses spacing and leaves an empty description empty', () => {
    expect(cardExcerpt('  Read\n chapter   3  ')).toBe('Read chapter 3…');
    expect(cardExcerpt('   ')).toBe('');
  });
});
