import crypto from 'node:crypto';
import {
  decodeReading,
  keyPointName,
  marksOnPages,
  pageLayouts,
  type PageLayout,
  type QuestionOnPage,
} from '../../../grading';
import {
  pageCommentMessages,
  type PageComment,
  type PageCommentBody,
  type PageMarks,
} from '../../../shared/page-marks';
import type { CurrentUser } from '../../auth/current-user';
import { nowIso } from '../../db/database';
import { AppError, badRequest, conflict } from '../../errors';
import { teachesAssignment } from '../assignments/assignments.policy';
import type { AssignmentRow } from '../assignments/assignments.service';
import { handInsCloseAt } from '../assignments/late-work.service';
import { questionsOrNone, type QuestionDeps } from '../assignments/questions.service';
import { readFileBytes } from '../files/files.service';
import { marksNow } from '../marks/marking.service';
import { parseAi } from '../marks/ai-results.service';
import { keyPointsShownOf, publishedMarksOf } from '../marks/marks.policy';
import type { SubmissionWithName } from '../submissions/submissions.service';
import * as repo from './page-marks.repository';

/** An answer's pages as read for marking them: its bytes and each page's words and frame. */
export type AnswerPages = { bytes: Uint8Array; layouts: PageLayout[] };

/** What is drawn on the pages for one viewer, with the marks written beside the questions. */
export type DrawnMarks = PageMarks & { total: { marks: number | null; total: number } | null };

/** Opens the answer PDF and finds where its words stand (OCR pages from the kept reading). */
export async function answerPages(
  deps: QuestionDeps,
  submission: Pick<SubmissionWithName, 'file_id' | 'reading'>,
): Promise<AnswerPages> {
  const bytes = await readFileBytes(deps.db.kysely, deps.store, submission.file_id);
  if (!bytes) throw new AppError(404, 'not_found', 'The answer PDF is missing.');
  let reading = null;
  try {
    reading = decodeReading(submission.reading);
  } catch {
    // an unreadable kept reading only costs the OCR word boxes
  }
  try {
    return { bytes, layouts: await pageLayouts(bytes, reading?.status === 'ok' ? reading : null) };
  } catch {
    throw conflict('unreadable_pdf', pageCommentMessages.unreadablePdf);
  }
}

const comment = (r: repo.PageCommentRow): PageComment => ({
  id: r.id,
  page: Number(r.page),
  kind: r.kind,
  x: Number(r.x),
  y: Number(r.y),
  w: r.w === null ? null : Number(r.w),
  h: r.h === null ? null : Number(r.h),
  text: r.body,
  authorName: r.author_name ?? null,
  createdAt: r.created_at,
});

/**
 * The marks drawn on an answer's pages as `user` may see them. Its teachers: every highlight
 * (stated and contradicted), each question's marks as they stand, and the comments. The student
 * who made it: nothing before publishing; then the comments, the published marks, and the
 * highlights of the key points the publication credits, named as the publication names them.
 */
export async function drawnMarksOf(
  deps: QuestionDeps,
  user: CurrentUser,
  assignment: AssignmentRow,
  submission: SubmissionWithName,
  pages: AnswerPages,
): Promise<DrawnMarks> {
  const db = deps.db.kysely;
  const sizes = pages.layouts.map((l) => ({ number: l.number, width: l.width, height: l.height }));
  const ai = parseAi(submission.ai_result);
  const graded = ai?.status === 'graded' ? ai.questions : [];
  const teacher = teachesAssignment(user, assignment);
  let onPage: QuestionOnPage[];
  let marks: Map<string, { marks: number | null; total: number }>;
  let total: DrawnMarks['total'];
  if (teacher) {
    const state = await marksNow(db, await questionsOrNone(deps, assignment), submission);
    onPage = graded;
    marks = new Map(state.questions.map((q) => [q.number, q]));
    total = { marks: state.total, total: Number(assignment.total_marks) };
  } else {
    const published = publishedMarksOf(submission);
    if (!published)
      return {
        pages: sizes,
        highlights: [],
        questions: [],
        comments: [],
        unplaced: 0,
        canComment: false,
        published: false,
        total: null,
      };
    const closeAt = await handInsCloseAt(db, assignment);
    const quoted = keyPointsShownOf(assignment, new Date(), closeAt) === 'quoted';
    const credited = new Map(published.questions.map((q) => [q.number, new Set(q.matched)]));
    onPage = graded.map((q) => ({
      number: q.number,
      answerText: q.answerText,
      evidence: (q.evidence ?? [])
        .filter((e) => e.kind === 'stated' && credited.get(q.number)?.has(e.point))
        .map((e) => ({ ...e, point: quoted ? e.point : keyPointName(e.point) })),
    }));
    marks = new Map(published.questions.map((q) => [q.number, q]));
    total = { marks: published.marks, total: published.total };
  }
  const found = marksOnPages(pages.layouts, onPage);
  return {
    pages: sizes,
    highlights: found.highlights,
    questions: found.starts.map((s) => ({
      ...s,
      marks: marks.get(s.question)?.marks ?? null,
      total: marks.get(s.question)?.total ?? 0,
    })),
    comments: (await repo.pageComments(db, submission.id)).map(comment),
    unplaced: found.unplaced,
    canComment: teacher,
    published: teacher || publishedMarksOf(submission) !== null,
    total,
  };
}

/** Adds a teacher's comment to a page of the answer; 400 for a page the student never handed in. */
export async function addPageComment(
  deps: QuestionDeps,
  user: CurrentUser,
  assignment: AssignmentRow,
  submission: SubmissionWithName,
  body: PageCommentBody,
): Promise<PageComment> {
  const { layouts } = await answerPages(deps, submission);
  if (body.page > layouts.length) {
    const message = pageCommentMessages.noSuchPage(body.page, layouts.length);
    throw badRequest(message, [{ path: 'page', message }]);
  }
  const row = {
    id: crypto.randomUUID(),
    assignment_id: assignment.id,
    submission_id: submission.id,
    page: body.page,
    kind: body.kind,
    x: body.x,
    y: body.y,
    w: body.kind === 'box' ? (body.w ?? null) : null,
    h: body.kind === 'box' ? (body.h ?? null) : null,
    body: body.text,
    author_id: user.id,
    created_at: nowIso(),
  };
  await repo.insertPageComment(deps.db.kysely, row);
  return comment({ ...row, author_name: user.name });
}

/** Removes a comment from the answer's pages; 404 when the answer has none by that id. */
export async function removePageComment(deps: QuestionDeps, submissionId: string, id: string) {
  if (!(await repo.deletePageComment(deps.db.kysely, submissionId, id)))
    throw new AppError(404, 'not_found', pageCommentMessages.commentNotFound);
}
