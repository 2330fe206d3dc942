import { describe, expect, it } from 'vitest';
import { looksMisread, previewOf } from './reading-preview';

describe('what the student sees of the reading', () => {
  it('marks words shaped like misreadings, not ordinary ones', () => {
    for (const w of ['c0nstant', 'th%s', 'rnkqt', '~~~', 'a#b', '|', '~'])
      expect(looksMisread(w), w).toBe(true);
    for (const w of [
      'water',
      '(osmosis),',
      '25kg',
      '3rd',
      "it's",
      'well-known',
      'rhythm',
      'H2O',
      'I',
      'a',
      '-',
      '&',
      // an equation's signs: "V = 2 x 6 = 12 V", "x < 3"
      '=',
      '<',
      '>',
    ])
      expect(looksMisread(w), w).toBe(false);
  });

  it('marks a word the reader was unsure of, by its confidence when it gives one', () => {
    const page = previewOf({
      number: 2,
      text: 'PUSH the door\nopen',
      source: 'ocr',
      ocrConfidence: 0.9,
      words: [
        { text: 'PUSH', confidence: 0.6 },
        { text: 'the', confidence: 0.95 },
        { text: 'door', confidence: 0.93 },
        { text: 'open', confidence: 0.9 },
      ],
    });
    expect(page.lines).toEqual([
      [
        { text: 'PUSH', unsure: true },
        { text: 'the', unsure: false },
        { text: 'door', unsure: false },
      ],
      [{ text: 'open', unsure: false }],
    ]);
    expect(page.hardToRead).toBeNull();
  });

  it('calls a page hard to read when the reader is unsure of it, or blank when nothing is on it', () => {
    const low = previewOf({ number: 1, text: 'some words', source: 'ocr', ocrConfidence: 0.55 });
    expect(low.hardToRead).toBe('unsure');
    const noisy = previewOf({
      number: 1,
      text: 'a ~~~ b%d rnkqt ok',
      source: 'ocr',
      ocrConfidence: 0.8,
    });
    expect(noisy.hardToRead).toBe('unsure');
    const page = { number: 2, text: 'The sun heats the water.', source: 'ocr' as const };
    expect(previewOf({ ...page, ocrConfidence: 0.9 }).hardToRead).toBeNull();
    // The engine found the page's reading mostly noise: hard to read, whatever its confidence.
    const flagged = { ...page, ocrConfidence: 0.9, hardToRead: 'Hard to read: page 2: …' };
    expect(previewOf(flagged).hardToRead).toBe('unsure');
    const blank = previewOf({ number: 3, text: '  \n ', source: 'ocr', ocrConfidence: null });
    expect(blank).toMatchObject({ hardToRead: 'blank', source: 'none', lines: [] });
  });

  it('never doubts typed text', () => {
    const typed = previewOf({
      number: 1,
      text: 'c0nstant rnkqt',
      source: 'text',
      ocrConfidence: null,
    });
    expect(typed.lines.flat().every((w) => !w.unsure)).toBe(true);
    expect(typed.confidence).toBeNull();
    expect(typed.hardToRead).toBeNull();
  });
});
