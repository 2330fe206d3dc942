import { MAX_TITLE_LENGTH } from '../../../shared/assignments';
import { MAX_TOTAL_MARKS } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { endOfLocalDay } from './format';

/** What the Create Assignment form holds; files are those that passed the client check. */
export interface CreateValues {
  title: string;
  deadline: string | null;
  totalMarks: string;
  diagramKeywords: string;
  description: string;
  questionPaper: File | null;
  modelAnswer: File | null;
  diagram: File | null;
}

export type CreateField = keyof CreateValues;

/** Total marks as typed: a whole number 0..1000 (the server applies the same rule). */
export function totalMarksError(text: string): string | undefined {
  const ok = /^\d{1,4}$/.test(text.trim()) && Number(text) <= MAX_TOTAL_MARKS;
  return ok ? undefined : messages.totalMarksInvalid;
}

/** The form's own checks before anything is sent; keys are the multipart field names. */
export function validateCreate(
  v: CreateValues,
  today: string,
): Partial<Record<CreateField, string>> {
  const errors: Partial<Record<CreateField, string>> = {};
  if (!v.title.trim()) errors.title = messages.titleRequired;
  else if (v.title.trim().length > MAX_TITLE_LENGTH) errors.title = messages.titleTooLong;
  if (!v.deadline) errors.deadline = messages.deadlineRequired;
  else if (v.deadline < today) errors.deadline = messages.deadlinePast;
  const marks = totalMarksError(v.totalMarks);
  if (marks) errors.totalMarks = marks;
  if (!v.questionPaper) errors.questionPaper = messages.questionPaperRequired;
  if (!v.modelAnswer) errors.modelAnswer = messages.modelAnswerRequired;
  return errors;
}

/** The multipart body of POST /api/assignments: text fields first, then the files. */
export function createFormData(v: CreateValues): FormData {
  const form = new FormData();
  form.append('title', v.title.trim());
  form.append('description', v.description);
  form.append('deadline', endOfLocalDay(v.deadline ?? ''));
  form.append('totalMarks', v.totalMarks.trim());
  form.append('diagramKeywords', v.diagramKeywords);
  if (v.questionPaper) form.append('questionPaper', v.questionPaper);
  if (v.modelAnswer) form.append('modelAnswer', v.modelAnswer);
  if (v.diagram) form.append('diagram', v.diagram);
  return form;
}
