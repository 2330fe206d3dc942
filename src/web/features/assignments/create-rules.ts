import { MAX_TITLE_LENGTH } from '../../../shared/assignments';
import { MAX_TOTAL_MARKS } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { zonedInstant } from '../../lib/dates';
import { isTimeZone } from '../../../shared/time-zones';

/** What the Create Assignment form holds; files are those that passed the client check. */
export interface CreateValues {
  title: string;
  deadline: string | null;
  /** "HH:MM" in `deadlineTimeZone` (the form starts at 23:59). */
  deadlineTime: string;
  /** The IANA zone the day and time are in (the form starts with the browser's). */
  deadlineTimeZone: string;
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

/**
 * The deadline's problem, if any: a day is required, a time too, a zone that exists, and together
 * they must still be ahead of `now` (today is fine at a later time). The server applies the same
 * rules.
 */
export function deadlineErrors(
  day: string | null,
  time: string,
  zone: string,
  now: Date,
): { deadline?: string; deadlineTime?: string; deadlineTimeZone?: string } {
  if (!isTimeZone(zone.trim())) return { deadlineTimeZone: messages.timeZoneInvalid };
  if (!day) return { deadline: messages.deadlineRequired };
  const at = zonedInstant(day, time, zone.trim());
  if (!at) return { deadlineTime: messages.deadlineTimeRequired };
  return Date.parse(at) <= now.getTime() ? { deadline: messages.deadlinePast } : {};
}

/** The form's own checks before anything is sent; keys are the multipart field names. */
export function validateCreate(v: CreateValues, now: Date): Partial<Record<CreateField, string>> {
  const errors: Partial<Record<CreateField, string>> = {};
  if (!v.title.trim()) errors.title = messages.titleRequired;
  else if (v.title.trim().length > MAX_TITLE_LENGTH) errors.title = messages.titleTooLong;
  Object.assign(errors, deadlineErrors(v.deadline, v.deadlineTime, v.deadlineTimeZone, now));
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
  // the day and time as the teacher picked them, and their zone: the server finds the instant
  form.append('deadline', `${v.deadline ?? ''}T${v.deadlineTime}`);
  form.append('deadlineTimeZone', v.deadlineTimeZone.trim());
  form.append('totalMarks', v.totalMarks.trim());
  form.append('diagramKeywords', v.diagramKeywords);
  if (v.questionPaper) form.append('questionPaper', v.questionPaper);
  if (v.modelAnswer) form.append('modelAnswer', v.modelAnswer);
  if (v.diagram) form.append('diagram', v.diagram);
  return form;
}
