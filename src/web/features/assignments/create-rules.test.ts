import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { createFormData, totalMarksError, validateCreate, type CreateValues } from './create-rules';

const pdf = new File(['%PDF-1.4'], 'paper.pdf', { type: 'application/pdf' });
const valid: CreateValues = {
  title: 'Photosynthesis',
  deadline: '2027-03-04',
  totalMarks: '20',
  diagramKeywords: 'chlorophyll, light',
  description: 'Explain it.',
  questionPaper: pdf,
  modelAnswer: pdf,
  diagram: null,
};

describe('validateCreate', () => {
  it('accepts a complete form', () => {
    expect(validateCreate(valid, '2027-03-01')).toEqual({});
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
      '2027-03-01',
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
    expect(validateCreate(valid, '2027-03-05').deadline).toBe(messages.deadlinePast);
  });

  it('takes total marks from 0 to 1000 in whole numbers', () => {
    for (const ok of ['0', '1000', ' 55 ']) expect(totalMarksError(ok)).toBeUndefined();
    for (const bad of ['-1', '1001', 'abc', '1.5', ''])
      expect(totalMarksError(bad)).toBe(messages.totalMarksInvalid);
  });
});

describe('createFormData', () => {
  it('sends the deadline as the end of the chosen day and the files after the text', () => {
    const form = createFormData(valid);
    const keys = [...form.keys()];
    expect(keys.indexOf('questionPaper')).toBeGreaterThan(keys.indexOf('totalMarks'));
    expect(new Date(String(form.get('deadline'))).getHours()).toBe(23);
    expect(form.has('diagram')).toBe(false);
  });
});
