import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, type Features } from './features';
import { guardShare, isNonAnswer } from './guards';

/** Features of an ordinary answer: some overlap with the model answer and with the class. */
const ordinary = (over: Partial<Features> = {}): Features => ({
  ...(Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0.3])) as Features),
  ...over,
});

describe('isNonAnswer', () => {
  it.each(["I don't know", 'i dont know.', 'I do not know!', 'No idea', 'N/A', '?', ' - ', 'idk'])(
    'takes %j as declining to answer',
    (text) => expect(isNonAnswer(text)).toBe(true),
  );

  it.each([
    'I know the answer: osmosis',
    'No, water moves by osmosis',
    'Not sure, but chlorophyll',
  ])('takes %j as an answer', (text) => expect(isNonAnswer(text)).toBe(false));
});

describe('guardShare', () => {
  it('leaves an ordinary answer to the model', () => {
    expect(guardShare(0.55, ordinary(), 'Plants make food.', { matched: 1, total: 3 })).toEqual({
      share: 0.55,
      reasons: [],
    });
  });

  it('gives full marks when every one of at least two key points is matched', () => {
    expect(guardShare(0.6, ordinary(), 'answer', { matched: 3, total: 3 }).share).toBe(1);
    expect(guardShare(0.6, ordinary(), 'answer', { matched: 2, total: 2 }).share).toBe(1);
    // one key point alone is too little evidence, and a partial match changes nothing
    expect(guardShare(0.6, ordinary(), 'answer', { matched: 1, total: 1 }).share).toBe(0.6);
    expect(guardShare(0.6, ordinary(), 'answer', { matched: 2, total: 3 }).share).toBe(0.6);
  });

  it('gives full marks to the model answer itself', () => {
    expect(guardShare(0.8, ordinary({ cover: 0.95, charModel: 0.93 }), 'copy').share).toBe(1);
  });

  it('gives nothing for a refusal, whatever the features say', () => {
    expect(guardShare(0.7, ordinary({ cover: 1, charModel: 1 }), "I don't know")).toEqual({
      share: 0,
      reasons: ['no-answer'],
    });
  });

  it('caps an answer that only repeats the question at half and flags it', () => {
    expect(guardShare(0.8, ordinary({ questionOnly: 0.95 }), 'q')).toEqual({
      share: 0.5,
      reasons: ['repeats-question'],
    });
    expect(guardShare(0.3, ordinary({ questionOnly: 0.95 }), 'q').share).toBe(0.3);
  });

  it('marks down and flags an answer unrelated to the model answer, the question and the class', () => {
    const unrelated = ordinary({ cover: 0, questionOnly: 0, charModel: 0.05, charCentroid: 0.02 });
    const g = guardShare(0.6, unrelated, 'football');
    expect(g.reasons).toEqual(['off-topic']);
    expect(g.share).toBeCloseTo(0.39);
    // sharing a little with the class is enough not to be called off-topic
    expect(guardShare(0.6, { ...unrelated, charCentroid: 0.2 }, 'x').reasons).toEqual([]);
  });
});
