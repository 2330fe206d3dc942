import { describe, expect, it } from 'vitest';
import { gradeAnswers, prepareAssignment } from '.';
import { cleaned, documentOf } from './extract';
import { dropNoise, hardToRead, isKnownWord, type ReadWord } from './ocr-noise';
import type { ExtractedDocument, ExtractedPage } from './types';

const w = (text: string, confidence: number, line = 0): ReadWord => ({ text, confidence, line });

describe('OCR noise', () => {
  it('knows dictionary words in their inflected forms, numbers and function words', () => {
    for (const word of ['pushed', 'forces', 'friction,', 'the', 'Because', '42', '3.5%'])
      expect(isKnownWord(word), word).toBe(true);
    for (const word of ['qxzvt', 'iiil', '~;|', 'Bhrmq'])
      expect(isKnownWord(word), word).toBe(false);
  });

  it('drops symbol soup and unsure non-words, keeps unsure dictionary words and sure words', () => {
    const clean = dropNoise([
      w('Push', 0.93),
      w('the', 0.91),
      w('box', 0.52), // unsure, but a word
      w('~;|', 0.31), // symbol soup
      w('harder', 0.88),
      w('qxzvt', 0.4), // unsure and no word
      w('Frictlon', 0.9), // sure: kept as read, spelling is the grader's business
    ]);
    expect(clean.text).toBe('Push the box harder Frictlon');
    expect(clean.droppedChars).toBe('~;|'.length + 'qxzvt'.length);
    expect(clean.confidence).toBeGreaterThan(0.8);
  });

  it('keeps a misread word OCR was unsure of when it is long enough and has a vowel', () => {
    const clean = dropNoise([
      w('classes', 0.9),
      w('hold', 0.92),
      w('attrubutes', 0.45), // a handwritten word misread: most of its letters are right
      w('vvjq', 0.45), // no vowel: grain
      w('rnu', 0.45), // too short to tell from grain
      w('obgect', 0.15), // too unsure
    ]);
    expect(clean.text).toBe('classes hold attrubutes');
    expect(clean.droppedChars).toBe('vvjq'.length + 'rnu'.length + 'obgect'.length);
  });

  it('drops a line of paper grain whole, even where a speck happens to read as a word', () => {
    const clean = dropNoise([
      w('Energy', 0.9, 0),
      w('is', 0.92, 0),
      w('conserved', 0.88, 0),
      w("'", 0.2, 1),
      w('ii', 0.3, 1),
      w('a', 0.5, 1),
      w('.:,', 0.25, 1),
      w('rnm', 0.35, 1),
    ]);
    expect(clean.text).toBe('Energy is conserved');
  });

  it('calls a reading that was mostly noise, or unsure throughout, hard to read', () => {
    const grain = Array.from({ length: 40 }, (_, i) => w(i % 2 ? '~:' : 'vvjq', 0.3, 1 + (i % 8)));
    const noisy = dropNoise([w('Push', 0.9), ...grain]);
    expect(noisy.text).toBe('Push');
    expect(hardToRead(noisy)).toMatch(/looked like marks on the paper/);
    const unsure = dropNoise([w('the', 0.5), w('force', 0.55), w('pushes', 0.5), w('it', 0.52)]);
    expect(unsure.text).toBe('the force pushes it');
    expect(hardToRead(unsure)).toMatch(/unsure of most words/);
    expect(hardToRead(dropNoise([w('Push', 0.9), w('it', 0.95)]))).toBeNull();
  });

  it('leaves a reading without word confidences as it is', () => {
    const reading = { text: 'as read', confidence: 0.8 };
    expect(cleaned(reading)).toEqual({ ...reading, hardToRead: null });
  });

  it('rebuilds the text and confidence from the kept words', () => {
    const box = { x: 0, y: 0, w: 0.1, h: 0.05 };
    const out = cleaned({
      text: 'Push ~;| it\n.: ii',
      confidence: 0.5,
      words: [
        { ...box, text: 'Push', confidence: 0.9, line: 0 },
        { ...box, text: '~;|', confidence: 0.2, line: 0 },
        { ...box, text: 'it', confidence: 0.8, line: 0 },
        { ...box, text: '.:', confidence: 0.2, line: 1 },
        { ...box, text: 'ii', confidence: 0.2, line: 1 },
      ],
    });
    expect(out.text).toBe('Push it');
    expect(out.words?.map((x) => x.text)).toEqual(['Push', 'it']);
    expect(out.confidence).toBeCloseTo((0.9 * 4 + 0.8 * 2) / 6, 5);
  });
});

const page = (text: string, hard?: string): ExtractedPage => ({
  number: 1,
  text,
  source: 'ocr',
  ocrConfidence: 0.8,
  imageText: text,
  hasImages: true,
  ...(hard ? { hardToRead: hard } : {}),
});

describe('a scan that is hard to read, graded', () => {
  const prepared = prepareAssignment({
    modelAnswer: {
      status: 'ok',
      text: 'Friction opposes the motion, so a larger push is needed to keep the box moving.',
      pages: [],
      ocrConfidence: null,
    },
    totalMarks: 5,
    diagramKeywords: [],
  });
  const typed = (text: string): ExtractedDocument =>
    documentOf([{ ...page(text), source: 'text', ocrConfidence: null }]);
  const why = '40% of what was read looked like marks on the paper, not writing, and was left out';

  it('says why when nothing but noise was read, instead of calling it empty', () => {
    const doc = documentOf([page('', why)]);
    expect(doc.status).toBe('unreadable');
    if (doc.status === 'unreadable') expect(doc.message).toBe(`Hard to read: page 1: ${why}.`);
  });

  it('flags a hard-to-read answer for the teacher and never marks it as stating nothing', () => {
    const class_ = [
      typed('Friction opposes the motion so you must push harder to keep the box moving.'),
      typed('The box slows down because friction opposes its motion.'),
      typed('You need a bigger push because friction acts against the motion.'),
      documentOf([page('Friction opposes the motion so a larger push is needed.', why)]),
      documentOf([page('Push', why)]), // what was left of a one-word answer on grainy paper
      typed('Push'), // the same answer, typed: marked as it is
    ];
    const results = gradeAnswers(
      prepared,
      class_.map((document, i) => ({ id: `s${i}`, document })),
    );
    const flagged = results[3]!;
    expect(flagged.status).toBe('graded');
    if (flagged.status === 'graded') {
      expect(flagged.reviewReasons).toContain('hard-to-read');
      expect(flagged.needsReview).toBe(true);
      expect(flagged.marks).toBeGreaterThan(0);
    }
    const held = results[4]!;
    expect(held.status).toBe('unreadable');
    if (held.status === 'unreadable') {
      expect(held.reason).toMatch(
        /^Hard to read: page 1: 40% .* Not marked: your teacher will read/,
      );
      expect(held.needsReview).toBe(true);
    }
    // the same answer typed is marked as it is
    expect(results[5]!.status).toBe('graded');
    for (const r of results.slice(0, 3))
      expect(r.status === 'graded' && r.reviewReasons).not.toContain('hard-to-read');
  });
});
