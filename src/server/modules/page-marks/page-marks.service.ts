import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  decodeReading,
  keyPointName,
  marksOnPages,
  type PageLayout,
  type QuestionOnPage,
} from '../../../grading';
import type { PdfProblem } from '../../../grading/inspect';
import {
  pageCommentMessages,
  type PageComment,
  type PageCommentBody,
  type PageMarks,
} from '../../../shared/page-marks';
import type { CurrentUser } from '../../auth/current-user';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import { readerLimitMessage } from '../../sandbox/limit-message';
import type { SandboxOutcome } from '../../sandbox/sandbox-pool';
import { teachesAssignment } from '../assignments/assignments.policy';
import type { AssignmentRow } from '../assignments/assignments.service';
import { handInsCloseAt, lateMarkOf } from '../assignments/late-work.service';
import { questionsOrNone, type QuestionDeps } from '../assignments/questions.service';
import { readFileBytes } from '../files/files.service';
import { marksNow } from '../marks/marking.service';
import { parseAi, readingStands } from '../marks/ai-results.service';
import { keyPointsShownOf, publishedMarksOf, type StoredPublication } from '../marks/marks.policy';
import type { SubmissionWithName } from '../submissions/submissions.service';
import * as repo from './page-marks.repository';

/** An answer's pages as read for marking them: each page's words and frame, and its file. */
export type AnswerPages = { fileId: string; sha256: string; layouts: PageLayout[] };

/** What is drawn on the pages for one viewer, with the marks written beside the questions. */
export type DrawnMarks = PageMarks;

/** Who asks a reader for an answer's pages: each viewer waits her own turn (see FairQueue). */
type Asker = Pick<CurrentUser, 'id'>;

/**
 * Read pages kept by the file's content and its kept reading (the OCR word boxes come from it),
 * newest last: the review shows a page's marks many times, and each time would read the PDF again.
 */
const KEPT_LAYOUTS = 32;
const keptLayouts = new Map<string, PageLayout[]>();

function keepLayouts(key: string, layouts: PageLayout[]) {
  keptLayouts.delete(key);
  if (keptLayouts.size >= KEPT_LAYOUTS) keptLayouts.delete(keptLayouts.keys().next().value!);
  keptLayouts.set(key, layouts);
}

const unreadable = (detail: string) =>
  conflict('unreadable_pdf', `${pageCommentMessages.unreadablePdf} ${detail}`);

/** A reader's answer, or the 409 that says why the answer PDF could not be read. */
function readerValue<T extends { ok: boolean }>(
  deps: QuestionDeps,
  out: SandboxOutcome<T>,
): Extract<T, { ok: true }> {
  const { reading } = deps.checker;
  if (!out.ok)
    throw unreadable(readerLimitMessage(out.limit, reading.checkTimeoutMs, reading.memoryMb));
  const value = out.value as T & { message?: string; problem?: PdfProblem };
  if (!value.ok) throw unreadable(value.message ?? '');
  return value as Extract<T, { ok: true }>;
}

async function answerFile(deps: QuestionDeps, fileId: string) {
  const file = await deps.db.kysely
    .selectFrom('file')
    .select('sha256')
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!file) throw new AppError(404, 'not_found', 'The answer PDF is missing.');
  return file;
}

async function answerBytes(deps: QuestionDeps, fileId: string) {
  const bytes = await readFileBytes(deps.db.kysely, deps.store, fileId);
  if (!bytes) throw new AppError(404, 'not_found', 'The answer PDF is missing.');
  return bytes;
}

/**
 * The answer PDF's pages and where its words stand (OCR pages from the kept reading), read in a
 * reader process within the read limits and the check's time limit, once per file content: a
 * PDF that cannot be read so is refused with 409 unreadable_pdf, saying why.
 */
export async function answerPages(
  deps: QuestionDeps,
  asker: Asker,
  submission: Pick<SubmissionWithName, 'file_id' | 'reading'>,
): Promise<AnswerPages> {
  const { sha256 } = await answerFile(deps, submission.file_id);
  let reading = null;
  try {
    reading = decodeReading(submission.reading);
  } catch {
    // an unreadable kept reading only costs the OCR word boxes
  }
  const usable = reading?.status === 'ok' ? reading : null;
  const key = `${sha256}:${crypto
    .createHash('sha256')
    .update(submission.reading ?? '')
    .digest('hex')}`;
  const kept = keptLayouts.get(key);
  if (kept) {
    keepLayouts(key, kept);
    return { fileId: submission.file_id, sha256, layouts: kept };
  }
  const bytes = await answerBytes(deps, submission.file_id);
  const { pool, reading: read } = deps.checker;
  const out = await pool.run(
    { type: 'page-layouts', bytes, reading: usable, limits: read.limits },
    { lane: 'interactive', owner: `user:${asker.id}`, timeoutMs: read.checkTimeoutMs },
  );
  const { layouts } = readerValue(deps, out);
  keepLayouts(key, layouts);
  return { fileId: submission.file_id, sha256, layouts };
}

/**
 * How many pages the answer has: from its read pages when kept, else from its kept reading
 * (every page of a reading that succeeded is in it), else by reading them.
 */
async function pageCount(
  deps: QuestionDeps,
  asker: Asker,
  submission: Pick<SubmissionWithName, 'file_id' | 'reading'>,
): Promise<number> {
  const { sha256 } = await answerFile(deps, submission.file_id);
  const prefix = `${sha256}:`;
  for (const [key, layouts] of keptLayouts) if (key.startsWith(prefix)) return layouts.length;
  let reading = null;
  try {
    reading = decodeReading(submission.reading);
  } catch {
    // read the pages instead
  }
  if (reading?.status === 'ok' && reading.pages.length)
    return Math.max(...reading.pages.map((p) => p.number));
  return (await answerPages(deps, asker, submission)).layouts.length;
}

/**
 * The marked copy of the answer (marked-pdf.ts), written in a reader process within the read
 * limits and the check's time limit; 409 unreadable_pdf for an answer it cannot write into
 * (password-protected, damaged, over a limit).
 */
export async function markedCopy(
  deps: QuestionDeps,
  asker: Asker,
  pages: AnswerPages,
  drawn: DrawnMarks,
): Promise<Uint8Array> {
  const bytes = await answerBytes(deps, pages.fileId);
  const { pool, reading } = deps.checker;
  const out = await pool.run(
    { type: 'marked-pdf', bytes, layouts: pages.layouts, drawn, limits: reading.limits },
    { lane: 'interactive', owner: `user:${asker.id}`, timeoutMs: reading.checkTimeoutMs },
  );
  return readerValue(deps, out).bytes;
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

/** The comments on a submission's pages as they stand, page by page, oldest first. */
export async function pageCommentsOf(
  db: Kysely<Database>,
  submissionId: string,
): Promise<PageComment[]> {
  return (await repo.pageComments(db, submissionId)).map(comment);
}

/** The comments on the pages of some submissions, by submission id (see pageCommentsOf). */
export async function pageCommentsOfMany(
  db: Kysely<Database>,
  submissionIds: string[],
): Promise<Map<string, PageComment[]>> {
  const out = new Map<string, PageComment[]>();
  // a few hundred ids a query: within every database's limit on bound values
  for (let i = 0; i < submissionIds.length; i += 500)
    for (const r of await repo.pageCommentsOfMany(db, submissionIds.slice(i, i + 500)))
      out.set(r.submission_id, [...(out.get(r.submission_id) ?? []), comment(r)]);
  return out;
}

/**
 * The comments the student sees: those her publication kept; one made before publications kept
 * them shows the comments there were when it was made.
 */
async function publishedComments(
  db: Kysely<Database>,
  submissionId: string,
  published: StoredPublication,
): Promise<PageComment[]> {
  if (published.comments) return published.comments;
  const now = await pageCommentsOf(db, submissionId);
  return now.filter((c) => c.createdAt <= published.publishedAt);
}

/**
 * The marks drawn on an answer's pages as `user` may see them. Its teachers: the marks that stand
 * (the total as the submission's detail gives it, after any late penalty; no question's marks
 * when the teacher typed a total), every highlight (stated and contradicted) of the questions
 * whose marks are the engine's, and the comments; they add comments unless the class is archived.
 * The student who made it: nothing before publishing; then the published comments and marks, and
 * the highlights the publication drew, of the key points it credits, named as it names them.
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
  let standing: number | null;
  let total: number;
  let comments: PageComment[];
  if (teacher) {
    const state = await marksNow(db, await questionsOrNone(deps, assignment), submission);
    standing = submission.marks === null ? null : Number(submission.marks);
    const handTotal = standing !== state.total;
    const aiMarks = new Map(graded.map((q) => [q.number, q.marks]));
    const stands = new Map(
      state.questions.map((q) => [q.number, readingStands(handTotal, q, aiMarks.get(q.number))]),
    );
    onPage = graded.map((q) => ({
      number: q.number,
      answerText: q.answerText,
      evidence: stands.get(q.number) ? q.evidence : [],
    }));
    marks = new Map(
      state.questions.map((q) => [q.number, { marks: handTotal ? null : q.marks, total: q.total }]),
    );
    total = Number(assignment.total_marks);
    comments = await pageCommentsOf(db, submission.id);
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
    // What the publication drew; one made before it kept that draws from the engine's result.
    const drawn =
      published.onPage ??
      graded.map((q) => ({ number: q.number, answerText: q.answerText, evidence: q.evidence }));
    onPage = drawn.map((q) => ({
      number: q.number,
      answerText: q.answerText,
      evidence: (q.evidence ?? [])
        .filter((e) => e.kind === 'stated' && credited.get(q.number)?.has(e.point))
        .map((e) => ({ ...e, point: quoted ? e.point : keyPointName(e.point) })),
    }));
    marks = new Map(published.questions.map((q) => [q.number, q]));
    standing = published.marks;
    total = published.total;
    comments = await publishedComments(db, submission.id, published);
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
    comments,
    unplaced: found.unplaced,
    canComment: teacher && !assignment.class_archived_at,
    published: true,
    total: {
      marks: standing,
      total,
      late: lateMarkOf(assignment, submission.late_seconds, standing),
    },
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
  const pages = await pageCount(deps, user, submission);
  if (body.page > pages) {
    const message = pageCommentMessages.noSuchPage(body.page, pages);
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
