import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { createFormData, totalMarksError, validateCreate, type CreateValues } from './create-rules';

const pdf = new File(['%PDF-1.4'], 'paper.pdf', { type: 'application/pdf' });
const valid: CreateValues = {
  title: 'Photosynthesis',
  deadline: '2027-03-04',
  deadlineTime: '09:00',
  // the zone these tests run in, so that local Dates below are the same instants
  deadlineTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  totalMarks: '20',
  diagramKeywords: 'chlorophyll, light',
  description: 'Explain it.',
  questionPaper: pdf,
  modelAnswer: pdf,
  diagram: null,
};

describe('validateCreate', () => {
  it('accepts a complete form', () => {
    expect(validateCreate(valid, new Date(2027, 2, 1))).toEqual({});
  });

  it('names every missing required field', () => {
    const errors = validateCreate(
      {
        ...valid,
        title: ' ',
        deadline: null,
        totalMarks: '',
        questionPaper: null,
        modelAnswer: null,
      },
      new Date(2027, 2, 1),
    );
    expect(errors).toEqual({
      title: messages.titleRequired,
      deadline: messages.deadlineRequired,
      totalMarks: messages.totalMarksInvalid,
      questionPaper: messages.questionPaperRequired,
      modelAnswer: messages.modelAnswerRequired,
    });
  });

  it('refuses a deadline before today', () => {
    expect(validateCreate(valid, new Date(2027, 2, 5)).deadline).toBe(messages.deadlinePast);
  });

  it('takes today at a time still ahead, and refuses one that has passed', () => {
    const at = (h: number, m = 0) => new Date(2027, 2, 4, h, m);
    expect(validateCreate(valid, at(8, 59))).toEqual({});
    expect(validateCreate(valid, at(9)).deadline).toBe(messages.deadlinePast);
    expect(validateCreate({ ...valid, deadlineTime: '23:59' }, at(12))).toEqual({});
  });

  it('asks for a time when the time field is cleared or not a time', () => {
    for (const deadlineTime of ['', '9', '24:00', '12:60'])
      expect(validateCreate({ ...valid, deadlineTime }, new Date(2027, 2, 1))).toEqual({
        deadlineTime: messages.deadlineTimeRequired,
      });
  });

  it('refuses a time zone that does not exist, and reads the time in the chosen one', () => {
    expect(
      validateCreate({ ...valid, deadlineTimeZone: 'Mars/Olympus' }, new Date(2027, 2, 1)),
    ).toEqual({ deadlineTimeZone: messages.timeZoneInvalid });
    // 09:00 in Tokyo (UTC+9) is 00:00 UTC: passed at 01:00 UTC, still ahead at 23:59 UTC the day before
    const tokyo = { ...valid, deadlineTimeZone: 'Asia/Tokyo' };
    expect(validateCreate(tokyo, new Date('2027-03-04T01:00:00Z')).deadline).toBe(
      messages.deadlinePast,
    );
    expect(validateCreate(tokyo, new Date('2027-03-03T23:59:00Z'))).toEqual({});
  });

  it('takes total marks from 0 to 1000 in whole numbers', () => {
    for (const ok of ['0', '1000', ' 55 ']) expect(totalMarksError(ok)).toBeUndefined();
    for (const bad of ['-1', '1001', 'abc', '1.5', ''])
      expect(totalMarksError(bad)).toBe(messages.totalMarksInvalid);
  });
});

describe('createFormData', () => {
  it('sends the deadline as the chosen day, time and zone, and the files after the text', () => {
    const form = createFormData({ ...valid, deadlineTimeZone: ' Europe/London ' });
    const keys = [...form.keys()];
    expect(keys.indexOf('questionPaper')).toBeGreaterThan(keys.indexOf('totalMarks'));
    expect(form.get('deadline')).toBe('2027-03-04T09:00');
    expect(form.get('deadlineTimeZone')).toBe('Europe/London');
    expect(form.has('diagram')).toBe(false);
  });
});
