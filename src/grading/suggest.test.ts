import { describe, expect, it } from 'vitest';
import { pickRepresentatives, type SuggestItem } from './suggest';

const item = (share: number, words: string): SuggestItem => ({
  share,
  vec: new Map(words.split(' ').map((w) => [w, 1])),
});

describe('pickRepresentatives', () => {
  const items = [
    item(0.9, 'stack last first out push pop'),
    item(0.85, 'stack last first out push'),
    item(0.88, 'stack last in first out pop'),
    item(0.4, 'pile of plates'),
    item(0.35, 'pile plates top'),
    item(0.05, 'plants grow soil'),
  ];

  it('takes one answer from each group of alike answers, across the range of marks', () => {
    const picked = pickRepresentatives(items, 3).sort();
    expect(picked.filter((i) => i <= 2)).toHaveLength(1);
    expect(picked.filter((i) => i === 3 || i === 4)).toHaveLength(1);
    expect(picked).toContain(5);
  });

  it('starts with the answer that stands for the most others, and is deterministic', () => {
    const first = pickRepresentatives(items, 1);
    expect(first[0]).toBeLessThanOrEqual(2);
    expect(pickRepresentatives(items, 4)).toEqual(pickRepresentatives(items, 4));
  });

  it('gives every answer when asked for more than there are, and none for none', () => {
    expect(pickRepresentatives(items, 10).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pickRepresentatives([], 3)).toEqual([]);
    expect(pickRepresentatives(items, 0)).toEqual([]);
  });
});
