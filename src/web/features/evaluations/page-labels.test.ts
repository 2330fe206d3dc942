import { describe, expect, it } from 'vitest';
import type { PageQuestion } from '../../../shared/page-marks';
import { questionPlaces, RULE_PX } from './page-labels';

const q = (question: string, y: number): PageQuestion => ({
  question,
  page: 1,
  y,
  marks: 1,
  total: 4,
});

// An A4 page drawn 358 pixels wide on a 390-pixel phone, and a label 12 pixels tall on it.
const HEIGHT = 506;
const LABEL = 12;

describe('questionPlaces', () => {
  it('draws the rule on the first word’s box, clear of the line above, not a share of the page above it', () => {
    // a 12-point page single-spaced (1.2): the first word's box (reaching above its letters)
    // starts 142 points down an 842-point page, and the line above stands on its baseline 2.4
    // points higher
    const start = 142 / 842;
    const baselineAbove = start - 2.4 / 842;
    for (const height of [HEIGHT, 990]) {
      const [place] = questionPlaces([q('2', start)], height, LABEL);
      expect((start - place!.line) * height).toBeCloseTo(RULE_PX, 5);
      expect(place!.label + LABEL / height).toBeCloseTo(place!.line, 5);
    }
    // drawn 700 pixels wide, the rule is wholly between the lines
    expect(questionPlaces([q('2', start)], 990, LABEL)[0]!.line).toBeGreaterThan(baselineAbove);
  });

  it('keeps the labels of questions that begin a line apart from overlapping, each above its rule', () => {
    // three answers of one line each, 14 points apart: 8.4 pixels on the phone
    const places = questionPlaces(
      [q('3', 0.3 + 28 / 842), q('1', 0.3), q('2', 0.3 + 14 / 842)],
      HEIGHT,
      LABEL,
    );
    expect(places.map((p) => p.question.question)).toEqual(['1', '2', '3']);
    for (const [i, p] of places.entries()) {
      expect(p.label + LABEL / HEIGHT).toBeLessThanOrEqual(p.line + 1e-9);
      if (i) expect(p.label).toBeGreaterThanOrEqual(places[i - 1]!.label + LABEL / HEIGHT);
    }
  });

  it('keeps the labels on the page when the first question begins at its top', () => {
    const places = questionPlaces([q('1', 0.005), q('2', 0.02)], HEIGHT, LABEL);
    expect(places[0]!.line).toBeGreaterThanOrEqual(0);
    expect(places[0]!.label).toBe(0);
    expect(places[1]!.label).toBeGreaterThanOrEqual(LABEL / HEIGHT);
  });
});
